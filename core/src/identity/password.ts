import { COMMON_PASSWORDS_ALLOWED_BY_RULES } from './common-passwords.ts';

/** Spec 01 §5 and §9: 8 characters are stated to users, 6 are the enforced lower limit. */
export const PASSWORD_MIN_LENGTH_STATED = 8;
export const PASSWORD_MIN_LENGTH_ENFORCED = 6;
/** argon2 and request bodies stay bounded. */
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'required' | 'minLength' | 'maxLength' | 'letterAndNumber' | 'common';

let common: ReadonlySet<string> | undefined;
/**
 * ASVS 2.1.7 (level 2): one of the 10 000 most common passwords (common-passwords.txt), in any case, is refused.
 * Only the entries the other rules let through are kept (common-passwords.ts).
 */
export const isCommonPassword = (password: string): boolean =>
  (common ??= new Set(COMMON_PASSWORDS_ALLOWED_BY_RULES)).has(password.toLowerCase());
export type RepeatProblem = 'required' | 'notIdentical';

/** The first problem of a new password, or null when it may be used. */
export const passwordProblem = (password: string): PasswordProblem | null => {
  if (password.length === 0) return 'required';
  if (password.length < PASSWORD_MIN_LENGTH_ENFORCED) return 'minLength';
  if (password.length > PASSWORD_MAX_LENGTH) return 'maxLength';
  if (!/\p{L}/u.test(password) || !/\p{N}/u.test(password)) return 'letterAndNumber';
  if (isCommonPassword(password)) return 'common';
  return null;
};

export const repeatProblem = (password: string, repeat: string): RepeatProblem | null => {
  if (repeat.length === 0) return 'required';
  return repeat === password ? null : 'notIdentical';
};
