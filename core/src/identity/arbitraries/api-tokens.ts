import fc from 'fast-check';
import { API_TOKEN_SCOPES, type ApiTokenRecord, type ApiTokenScope } from '../api-tokens.ts';
import { ROUTE_SCOPES, type MatchedRoute } from '../route-scopes.ts';
import { roleSet } from './users.ts';

const T = Date.parse('2026-11-24T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

export const scopeSet = (): fc.Arbitrary<ApiTokenScope[]> => fc.uniqueArray(fc.constantFrom(...API_TOKEN_SCOPES), { maxLength: 4 });

/** A stored token: any scopes, an expiry around `now`, revoked or not. */
export const apiTokenRecord = (): fc.Arbitrary<ApiTokenRecord> =>
  fc.record({
    scopes: scopeSet(),
    expiresAt: fc.integer({ min: T - 30 * DAY, max: T + 400 * DAY }),
    revokedAt: fc.option(fc.integer({ min: T - 30 * DAY, max: T }), { nil: null }),
  });

/** The user behind a token: roles, a finance-partner organisation or not, and whether they may still sign in. */
export const tokenUser = () => fc.record({ roles: roleSet(), orgFinance: fc.boolean(), maySignIn: fc.boolean() });

/** A route the table knows, as the router reports it (the method as sent, HEAD for a GET route's HEAD, `:id` or `{id}`). */
export const knownRoute = (): fc.Arbitrary<MatchedRoute> =>
  fc.constantFrom(...Object.keys(ROUTE_SCOPES)).chain((key) => {
    const [method, pattern] = key.split(' ') as [string, string];
    return fc.record({
      method: method === 'GET' ? fc.constantFrom('GET', 'HEAD', 'get', 'head') : fc.constantFrom(method, method.toLowerCase()),
      pattern: fc.constantFrom(pattern, pattern.replace(/\{([a-z]+)\}/g, ':$1')),
    });
  });

const segment = fc.constantFrom('asset', 'assetGroup', 'export', 'import', 'user', 'organisations', 'questionnaire', 'apiTokens', 'assets', 'users', '1', '42', 'logout', '%61piTokens', '', 'Asset', '{id}', ':id');
/**
 * Any route pattern a router might report, spelled as an attacker would: the portal's path segments, percent-encoded,
 * doubled slashes, other cases, parameters.
 */
export const anyRoute = (): fc.Arbitrary<MatchedRoute> =>
  fc.oneof(
    knownRoute(),
    fc.record({
      method: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'get', 'post'),
      pattern: fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/api/${parts.join('/')}`),
    }),
  );

export const NOW = T;
