import { afterFailedLogin, afterSuccessfulLogin, isLoginBlocked, type LoginAttempts } from './lockout.ts';
import { base32Encode, normaliseTotpCode } from './totp.ts';

/**
 * The second step of a sign-in with an authenticator app (docs/sign-in.md): after the right password a user who has
 * enrolled an app, or whose organisation requires one, gives a code of the app or one of the ten recovery codes.
 */
export const RECOVERY_CODE_COUNT = 10;
/** Characters of a recovery code (base32): 50 bits, shown as two groups of five. */
export const RECOVERY_CODE_LENGTH = 10;
/** Random bytes a recovery code is made of (56 bits, of which 50 are used). */
export const RECOVERY_CODE_BYTES = 7;

export type SecondFactorNeed = 'none' | 'totp' | 'totpEnrolment';

/** What follows the right password: nothing, a code, or enrolling an app first (the organisation requires one). */
export const secondFactorNeed = (user: { totpConfirmed: boolean; organisationRequiresTotp: boolean }): SecondFactorNeed =>
  user.totpConfirmed ? 'totp' : user.organisationRequiresTotp ? 'totpEnrolment' : 'none';

/** A recovery code from random bytes, as shown: `ABCDE-FGHIJ`. */
export const recoveryCodeFromBytes = (bytes: Uint8Array): string => {
  const text = base32Encode(bytes).slice(0, RECOVERY_CODE_LENGTH);
  return `${text.slice(0, 5)}-${text.slice(5)}`;
};

/** A recovery code as typed: case, spaces and dashes do not matter; null when it cannot be one. */
export const normaliseRecoveryCode = (typed: string): string | null => {
  const code = typed.replace(/[\s-]+/g, '').toUpperCase();
  return new RegExp(`^[A-Z2-7]{${RECOVERY_CODE_LENGTH}}$`).test(code) ? code : null;
};

/** What the user typed in the code field: an app's code, a recovery code, or neither. */
export const secondFactorInput = (typed: string): { kind: 'totp' | 'recovery'; code: string } | null => {
  const totp = normaliseTotpCode(typed);
  if (totp !== null) return { kind: 'totp', code: totp };
  const recovery = normaliseRecoveryCode(typed);
  return recovery === null ? null : { kind: 'recovery', code: recovery };
};

export type SecondFactorDecision = { kind: 'signedIn'; attempts: LoginAttempts } | { kind: 'refused'; attempts: LoginAttempts } | { kind: 'blocked' };

/**
 * A code's verdict under the lockout of DOMAIN.md §2: a wrong, reused or expired code counts as a wrong password
 * (five in a row block for 15 minutes); during a block even a right code is refused.
 */
export const decideSecondFactor = (attempts: LoginAttempts, accepted: boolean, now: number): SecondFactorDecision => {
  if (isLoginBlocked(attempts, now)) return { kind: 'blocked' };
  return accepted ? { kind: 'signedIn', attempts: afterSuccessfulLogin() } : { kind: 'refused', attempts: afterFailedLogin(attempts, now) };
};
