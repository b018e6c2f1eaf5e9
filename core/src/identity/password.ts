/** Spec 01 §5 and §9: 8 characters are stated to users, 6 are the enforced lower limit. */
export const PASSWORD_MIN_LENGTH_STATED = 8;
export const PASSWORD_MIN_LENGTH_ENFORCED = 6;
/** argon2 and request bodies stay bounded. */
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'required' | 'minLength' | 'maxLength' | 'letterAndNumber';
export type RepeatProblem = 'required' | 'notIdentical';

/** The first problem of a new password, or null when it may be used. */
export const passwordProblem = (password: string): PasswordProblem | null => {
  if (password.length === 0) return 'required';
  if (password.length < PASSWORD_MIN_LENGTH_ENFORCED) return 'minLength';
  if (password.length > PASSWORD_MAX_LENGTH) return 'maxLength';
  if (!/\p{L}/u.test(password) || !/\p{N}/u.test(password)) return 'letterAndNumber';
  return null;
};

export const repeatProblem = (password: string, repeat: string): RepeatProblem | null => {
  if (repeat.length === 0) return 'required';
  return repeat === password ? null : 'notIdentical';
};
