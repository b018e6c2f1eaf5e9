import { Role, hasAnyRole } from './roles.ts';
import type { MessageKey } from '../shared/messages.ts';

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

/** A call as the scope rules see it: its method and its path (without query). */
export interface ApiCall {
  method: string;
  path: string;
}

/** The export area's lists (what may be exported) are reading calls; its files need `export`. */
const EXPORT_LISTS = new Set(['/api/export/assets', '/api/export/assetGroups']);
/** Calls only a signed-in person makes: managing tokens (a token cannot make a longer-lived one) and logout. */
const SESSION_ONLY = ['/api/user/apiTokens', '/api/user/logout'];

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);
export const isReadingCall = (method: string): boolean => method.toUpperCase() === 'GET' || method.toUpperCase() === 'HEAD';

/**
 * The scope a call needs: `import` for the import area, `export` for the files of the export area (`/api/export/…`
 * but its lists), `read` for every other reading call (GET, HEAD), `write` for every other call; `null` for the calls
 * no token may make.
 */
export const requiredScope = (call: ApiCall): ApiTokenScope | null => {
  const path = call.path.split('?')[0] ?? '';
  if (SESSION_ONLY.some((p) => under(path, p))) return null;
  if (under(path, '/api/import')) return 'import';
  if (path.startsWith('/api/export/') && !EXPORT_LISTS.has(path)) return 'export';
  return isReadingCall(call.method) ? 'read' : 'write';
};

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
  /** 403: the call needs a scope the token does not carry (or no token may make it). */
  | { kind: 'scope'; needed: ApiTokenScope | null };

/**
 * May this token make this call now? Only a valid token of a user who may sign in (`userMaySignIn`, user-status.ts)
 * allows anything, and then only the calls whose scope it carries and its user may hold. The route behind it still
 * applies the user's own rights (the token acts as its user), so a token never allows more than its user.
 */
export const decideTokenCall = (token: ApiTokenRecord, subject: ScopeSubject & { maySignIn: boolean }, call: ApiCall, now: number): TokenDecision => {
  const state = apiTokenState(token, now);
  if (state !== 'valid') return { kind: 'invalid', reason: state };
  if (!subject.maySignIn) return { kind: 'invalid', reason: 'user' };
  const needed = requiredScope(call);
  if (needed === null || !effectiveScopes(token, subject).includes(needed)) return { kind: 'scope', needed };
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
