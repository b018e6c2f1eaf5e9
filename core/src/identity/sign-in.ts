import { afterFailedLogin, afterSuccessfulLogin, isLoginBlocked, type LoginAttempts } from './lockout.ts';
import { formatRoleClaim } from './roles.ts';
import { SESSION_LIFETIME_SECONDS, type SessionClaims } from './session.ts';
import type { SignInUser } from './user.ts';
import { maySignIn } from './user-status.ts';

export type SignInDecision =
  | { kind: 'signedIn'; attempts: LoginAttempts }
  /** Wrong password, unknown user or a user who may not sign in: one answer for all, so names do not leak. */
  | { kind: 'badCredentials'; attempts: LoginAttempts | null }
  | { kind: 'blocked' };

/**
 * Decides a password sign-in. `attempts` are the failure counters of the name as typed, kept for
 * unknown names too, so that a blocked unknown name answers exactly like a blocked existing one.
 * `passwordMatches` is the verdict of the password hasher, computed by the caller even for unknown
 * users so that the answer takes the same time. When a second factor follows (`secondFactorFollows`), the right
 * password leaves the failure counters as they are: only the whole sign-in resets them, so that knowing the password
 * gives no fresh tries at the code.
 */
export const decideSignIn = (user: SignInUser | null, attempts: LoginAttempts, passwordMatches: boolean, now: number, secondFactorFollows = false): SignInDecision => {
  if (isLoginBlocked(attempts, now)) return { kind: 'blocked' };
  if (user === null || !passwordMatches || user.credentials.passwordHash === null) {
    return { kind: 'badCredentials', attempts: afterFailedLogin(attempts, now) };
  }
  if (!maySignIn({ status: user.status, locked: user.locked, organisationActive: user.organisation.organisationActive })) {
    return { kind: 'badCredentials', attempts: null };
  }
  return { kind: 'signedIn', attempts: secondFactorFollows ? attempts : afterSuccessfulLogin() };
};

/** The claims of a new session token for this user (spec 01 §3), valid 8 hours from `nowSeconds`. */
export const sessionClaimsFor = (user: SignInUser, nowSeconds: number): SessionClaims => ({
  sub: String(user.id),
  userName: user.userName,
  exp: nowSeconds + SESSION_LIFETIME_SECONDS,
  role: formatRoleClaim(user.roles),
  external: user.external,
  orgId: user.organisationId,
  orgTest: user.organisation.isTestAccount,
  orgFinance: user.organisation.isFinancePartner,
  orgBuyer: user.organisation.isBuyer,
  sv: user.credentials.sessionVersion,
});
