import * as E from 'fp-ts/Either';
import { z } from 'zod';
import { afterFailedLogin, afterSuccessfulLogin, isLoginBlocked, type LoginAttempts } from './lockout.ts';
import { maySignInBySso, type SsoCoverage } from './sso.ts';
import type { SignInUser } from './user.ts';
import { maySignIn } from './user-status.ts';

/**
 * Signing in by single sign-on (docs/sign-in.md "Single sign-on"): the portal sends the person to the provider that
 * covers the domain of the e-mail they typed, with a state, a nonce and a PKCE challenge kept for ten minutes and for
 * one return only; on the return it checks the provider's ID token (issuer, audience, nonce, signature, expiry) and
 * signs in the user of the e-mail the provider vouches for, in that provider's organisation only.
 */
export const SSO_LOGIN_LIFETIME_MS = 10 * 60 * 1000;

export type SsoRefusal =
  /** The provider's answer failed a check: issuer, audience, nonce, signature, expiry, or the code was refused. */
  | 'sso-token-invalid'
  /** No started sign-in for this state, or one that was used already or ran out. */
  | 'sso-login-expired'
  /** The provider vouched for an e-mail outside its organisation's domains (or not verified). */
  | 'sso-email-not-covered'
  /** No user of that organisation with that e-mail, or one who may not sign in. */
  | 'sso-no-account'
  /** The person cancelled at the provider, or the provider answered an error. */
  | 'sso-cancelled';

export interface StartedSsoLogin {
  expiresAt: number;
  usedAt: number | null;
}

/** A started sign-in serves one return within its ten minutes. */
export const startedSsoLoginState = (started: StartedSsoLogin | null, now: number): E.Either<SsoRefusal, true> =>
  started === null || started.usedAt !== null || started.expiresAt <= now ? E.left('sso-login-expired') : E.right(true);

/** The claims of a checked ID token that decide who signs in. */
export interface SsoClaims {
  email?: unknown;
  email_verified?: unknown;
}

/** The e-mail the provider vouches for, lower case; null without one or when the provider says it is not verified. */
export const vouchedEmail = (claims: SsoClaims): string | null =>
  typeof claims.email === 'string' && claims.email.includes('@') && claims.email_verified !== false ? claims.email.trim().toLowerCase() : null;

/**
 * Who the checked token signs in: the user with the vouched e-mail, only when that user belongs to the provider's
 * organisation, the e-mail's domain is one it covers and the user may sign in. Never a new user, never another
 * organisation's.
 */
export const ssoUser = (claims: SsoClaims, user: SignInUser | null, coverage: SsoCoverage): E.Either<SsoRefusal, SignInUser> => {
  const email = vouchedEmail(claims);
  if (email === null || !maySignInBySso({ organisationId: coverage.organisationId, email }, coverage)) return E.left('sso-email-not-covered');
  if (user === null || user.email.toLowerCase() !== email || !maySignInBySso(user, coverage)) return E.left('sso-no-account');
  if (!maySignIn({ status: user.status, locked: user.locked, organisationActive: user.organisation.organisationActive })) return E.left('sso-no-account');
  return E.right(user);
};

/**
 * "SSO only": the organisation's users whose e-mail its provider covers sign in through the provider, never with a
 * password. A user whose e-mail it does not cover keeps the password (else nobody could sign them in).
 */
export const passwordTurnedOff = (user: { organisationId: number; email: string }, sso: (SsoCoverage & { ssoOnly: boolean }) | null): boolean =>
  sso !== null && sso.ssoOnly && maySignInBySso(user, sso);

export type SsoSignInDecision<T> = { kind: 'blocked' } | { kind: 'refused'; refusal: SsoRefusal; attempts: LoginAttempts } | { kind: 'signedIn'; user: T; attempts: LoginAttempts };

/**
 * The lockout over a single sign-on return: a refused one counts exactly like a wrong password (five in a row block
 * the name for 15 minutes), a blocked name is refused even with a good token, a good one resets the counters.
 */
export const decideSsoSignIn = <T>(attempts: LoginAttempts, verdict: E.Either<SsoRefusal, T>, now: number): SsoSignInDecision<T> => {
  if (isLoginBlocked(attempts, now)) return { kind: 'blocked' };
  return E.isLeft(verdict)
    ? { kind: 'refused', refusal: verdict.left, attempts: afterFailedLogin(attempts, now) }
    : { kind: 'signedIn', user: verdict.right, attempts: afterSuccessfulLogin() };
};

/** `POST /api/user/login/sso`: the e-mail typed on the login page. */
export const ssoStartBodySchema = z.object({
  email: z.string({ error: 'validation-required' }).trim().min(3, { error: 'validation-required' }).max(254, { error: 'validation-max-length' }),
});
/** Where to send the browser: the provider of the e-mail's domain, or null (then the password form). */
export const ssoStartResponseSchema = z.object({ redirectUrl: z.string().nullable() });

/** `POST /api/user/login/sso/return`: the parameters the provider sent the browser back with. */
export const ssoReturnBodySchema = z.object({
  state: z.string({ error: 'validation-required' }).min(1, { error: 'validation-required' }).max(500, { error: 'validation-max-length' }),
  code: z.string().max(4000, { error: 'validation-max-length' }).optional(),
  iss: z.string().max(500, { error: 'validation-max-length' }).optional(),
  error: z.string().max(200, { error: 'validation-max-length' }).optional(),
});
export type SsoReturnBody = z.infer<typeof ssoReturnBodySchema>;
