import { Role, hasAnyRole } from './roles.ts';
import type { MessageKey } from '../shared/messages.ts';
import { routeScope, type MatchedRoute, type RouteScope } from './route-scopes.ts';

/**
 * Personal access tokens for backend callers (issue 21, DOMAIN.md §2, docs/api.md): a token acts as its user,
 * with at most that user's rights, narrowed by its scopes. Every rule of who may hold which scope and which call a
 * token allows is here; the server only loads, asks and stores.
 */
export const API_TOKEN_SCOPES = ['read', 'write', 'export', 'import'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** The fixed prefix secret scanners recognise; the rest is 32 random bytes, base64url (43 characters). */
export const API_TOKEN_PREFIX = 'ecore_pat_';
const TOKEN_SHAPE = /^ecore_pat_[A-Za-z0-9_-]{43}$/;

/** Whether a bearer value is shaped as an access token (anything else is a session JWT or nothing). */
export const isApiTokenShaped = (value: string): boolean => TOKEN_SHAPE.test(value);
/** Whether a bearer value claims to be an access token (its prefix); a malformed one is refused, never tried as a JWT. */
export const claimsApiToken = (value: string): boolean => value.startsWith(API_TOKEN_PREFIX);

export const API_TOKEN_NAME_MAX = 100;
/** A user holds at most this many tokens that are neither revoked nor expired. */
export const API_TOKENS_PER_USER = 20;
/** Calls per token and minute (rate limit; DOMAIN.md §2). */
export const API_TOKEN_CALLS_PER_MINUTE = 600;

/** The parts of a user that decide which scopes they may hold. */
export interface ScopeSubject {
  roles: readonly Role[];
  orgFinance: boolean;
}

/** Roles whose work changes data; a user with none of them (an analyst alone) reads only. */
const WRITING_ROLES: readonly Role[] = [
  Role.AccountAdministrator,
  Role.BillingManager,
  Role.Evaluator,
  Role.ScoringModelManager,
  Role.ObjectAdministrator,
  Role.ObjectDataCollector,
  Role.InternalTester,
  Role.ExternalAccreditedTester,
  Role.ImportAdmin,
  Role.AccountManager,
  Role.ProspectiveBuyer,
];
/** Roles with an export of their own: users (account managers), templates (scoring), filled questionnaires (object roles). */
const EXPORTING_ROLES: readonly Role[] = [
  Role.AccountAdministrator,
  Role.AccountManager,
  Role.ScoringModelManager,
  Role.ObjectAdministrator,
  Role.ObjectDataCollector,
  Role.ObjectAnalyst,
  Role.ProspectiveBuyer,
];
const IMPORTING_ROLES: readonly Role[] = [Role.ImportAdmin, Role.AccountAdministrator];

/**
 * The scopes a user may hold: every user reads; writing needs a role whose work changes data; `export` a role
 * with an export or a finance-partner organisation (the export area, spec 02 §2); `import` the ImportAdmin (or the
 * platform's AccountAdministrator).
 */
export const scopesUserMayHold = (subject: ScopeSubject): ApiTokenScope[] =>
  API_TOKEN_SCOPES.filter((scope) => {
    switch (scope) {
      case 'read':
        return true;
      case 'write':
        return hasAnyRole(subject.roles, WRITING_ROLES);
      case 'export':
        return subject.orgFinance || hasAnyRole(subject.roles, EXPORTING_ROLES);
      case 'import':
        return hasAnyRole(subject.roles, IMPORTING_ROLES);
    }
  });

export const isReadingCall = (method: string): boolean => method.toUpperCase() === 'GET' || method.toUpperCase() === 'HEAD';

/**
 * The scope a call needs, decided by the route the router matched (route-scopes.ts), never by the URL's text: a
 * percent-encoded, doubled or differently cased spelling that reaches a route needs what the route needs. `session`
 * for the calls only a signed-in person makes, `public` for those without sign-in, `null` for a route the table does
 * not know.
 */
export const requiredScope = (route: MatchedRoute): RouteScope | null => routeScope(route);

/** A stored token as the rules see it. */
export interface ApiTokenRecord {
  scopes: readonly ApiTokenScope[];
  expiresAt: number;
  revokedAt: number | null;
}

export type ApiTokenState = 'valid' | 'expired' | 'revoked';
export const apiTokenState = (token: Pick<ApiTokenRecord, 'expiresAt' | 'revokedAt'>, now: number): ApiTokenState => {
  if (token.revokedAt !== null) return 'revoked';
  if (token.expiresAt <= now) return 'expired';
  return 'valid';
};

/** What a token may do: its scopes that its user may (still) hold. */
export const effectiveScopes = (token: Pick<ApiTokenRecord, 'scopes'>, subject: ScopeSubject): ApiTokenScope[] => {
  const held = scopesUserMayHold(subject);
  return API_TOKEN_SCOPES.filter((scope) => token.scopes.includes(scope) && held.includes(scope));
};

export type TokenDecision =
  | { kind: 'allowed' }
  /** 401: revoked, expired, or its user may no longer sign in. */
  | { kind: 'invalid'; reason: ApiTokenState | 'user' }
  /** 403 `api-token-scope`: the call needs a scope the token does not carry, or its route is unknown to the table. */
  | { kind: 'scope'; needed: ApiTokenScope | null }
  /** 403 `token-not-allowed`: the call manages the caller's identity and is made by a signed-in person only. */
  | { kind: 'session-only' };

/**
 * May this token make this call now? Only a valid token of a user who may sign in (`userMaySignIn`, user-status.ts)
 * allows anything, and then only the calls whose scope it carries and its user may hold. The route behind it still
 * applies the user's own rights (the token acts as its user), so a token never allows more than its user.
 */
export const decideTokenCall = (token: ApiTokenRecord, subject: ScopeSubject & { maySignIn: boolean }, route: MatchedRoute, now: number): TokenDecision => {
  const state = apiTokenState(token, now);
  if (state !== 'valid') return { kind: 'invalid', reason: state };
  if (!subject.maySignIn) return { kind: 'invalid', reason: 'user' };
  const needed = requiredScope(route);
  if (needed === 'session') return { kind: 'session-only' };
  // A public route never asks for a token; reached with one anyway, it is no call a token makes.
  if (needed === null || needed === 'public') return { kind: 'scope', needed: null };
  if (!effectiveScopes(token, subject).includes(needed)) return { kind: 'scope', needed };
  return { kind: 'allowed' };
};

/** The latest expiry a new token may have: one calendar year after `now`. */
export const latestExpiry = (now: number): number => {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.getTime();
};

/**
 * An expiry as typed: an ISO 8601 time with offset, or a plain date (`2027-03-31`), which means the end of that
 * day (UTC). NaN for anything else.
 */
export const parseExpiry = (value: string): number => {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return Date.parse(`${value}T23:59:59.999Z`);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return Number.NaN;
  return Date.parse(value);
};

export interface NewApiToken {
  name: string;
  scopes: readonly ApiTokenScope[];
  expiresAt: string;
}

export interface TokenFieldError {
  path: 'name' | 'scopes' | 'expiresAt';
  key: MessageKey;
  params?: Record<string, string | number>;
}

/**
 * The checks of a new token (issue 21 "Bad input"): a name of 1 to 100 characters; at least one scope, each one the
 * user may hold; an expiry after now and at most one year ahead. Answers the field errors, empty when it may be made.
 */
export const checkNewToken = (input: NewApiToken, subject: ScopeSubject, now: number): TokenFieldError[] => {
  const errors: TokenFieldError[] = [];
  const name = input.name.trim();
  if (name.length === 0) errors.push({ path: 'name', key: 'validation-required' });
  else if (name.length > API_TOKEN_NAME_MAX) errors.push({ path: 'name', key: 'validation-max-length', params: { n: API_TOKEN_NAME_MAX } });
  const held = scopesUserMayHold(subject);
  if (input.scopes.length === 0) errors.push({ path: 'scopes', key: 'api-token-scopes-required' });
  else {
    const missing = input.scopes.find((scope) => !held.includes(scope));
    if (missing) errors.push({ path: 'scopes', key: 'api-token-scope-not-held', params: { scope: missing } });
  }
  const expiresAt = parseExpiry(input.expiresAt);
  if (Number.isNaN(expiresAt)) errors.push({ path: 'expiresAt', key: 'api-token-expiry-invalid' });
  else if (expiresAt <= now) errors.push({ path: 'expiresAt', key: 'api-token-expiry-past' });
  else if (expiresAt > latestExpiry(now)) errors.push({ path: 'expiresAt', key: 'api-token-expiry-too-far' });
  return errors;
};

/** The scopes as stored and answered: each once, in the order of API_TOKEN_SCOPES. */
export const normaliseScopes = (scopes: readonly ApiTokenScope[]): ApiTokenScope[] => API_TOKEN_SCOPES.filter((s) => scopes.includes(s));

/** Fixed-window rate limiting (per token): the window's start and count, and what an answer's headers say. */
export interface RateWindow {
  start: number;
  count: number;
}
export interface RateDecision {
  allowed: boolean;
  window: RateWindow;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (Retry-After on a refusal). */
  resetSeconds: number;
}

export const countCall = (window: RateWindow | undefined, now: number, limit: number, windowMs: number): RateDecision => {
  // A clock set back (another process's, a test's) starts a new window rather than a longer one.
  const current = window && now >= window.start && now - window.start < windowMs ? window : { start: now, count: 0 };
  const allowed = current.count < limit;
  const next = { start: current.start, count: allowed ? current.count + 1 : current.count };
  return {
    allowed,
    window: next,
    limit,
    remaining: Math.max(0, limit - next.count),
    resetSeconds: Math.max(1, Math.ceil((current.start + windowMs - now) / 1000)),
  };
};

/** The `RateLimit` header of the IETF draft (draft-ietf-httpapi-ratelimit-headers): limit, remaining, reset. */
export const rateLimitHeader = (decision: Pick<RateDecision, 'limit' | 'remaining' | 'resetSeconds'>): string =>
  `limit=${decision.limit}, remaining=${decision.remaining}, reset=${decision.resetSeconds}`;

/**
 * Bearer values that fail (an unknown, revoked or malformed access token, a session token that does not verify) are
 * counted per client address like failed sign-ins: after this many in a minute the address gets 429 with Retry-After
 * for bearer calls until the minute is over (DOMAIN.md §2). A session token that verifies is never held up by it.
 */
export const BAD_BEARER_PER_MINUTE = 20;
export const BAD_BEARER_WINDOW_MS = 60_000;

/** Whether an address's failures so far hold up its next bearer call, and for how many seconds. */
export const bearerHeldUp = (window: RateWindow | undefined, now: number, limit = BAD_BEARER_PER_MINUTE, windowMs = BAD_BEARER_WINDOW_MS): { heldUp: boolean; retryAfterSeconds: number } => {
  const current = window && now >= window.start && now - window.start < windowMs ? window : undefined;
  if (!current || current.count < limit) return { heldUp: false, retryAfterSeconds: 0 };
  return { heldUp: true, retryAfterSeconds: Math.max(1, Math.ceil((current.start + windowMs - now) / 1000)) };
};

/** The address's failures after one more. */
export const noteBearerFailure = (window: RateWindow | undefined, now: number, windowMs = BAD_BEARER_WINDOW_MS): RateWindow =>
  window && now >= window.start && now - window.start < windowMs ? { start: window.start, count: window.count + 1 } : { start: now, count: 1 };
