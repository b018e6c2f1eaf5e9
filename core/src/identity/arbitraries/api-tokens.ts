import fc from 'fast-check';
import { API_TOKEN_SCOPES, type ApiCall, type ApiTokenRecord, type ApiTokenScope } from '../api-tokens.ts';
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

const segment = fc.constantFrom('asset', 'assetGroup', 'export', 'import', 'user', 'organisations', 'questionnaire', 'apiTokens', 'assets', 'users', '1', '42', 'logout');
/** Any call: a method and a path under /api built from the portal's path segments. */
export const apiCall = (): fc.Arbitrary<ApiCall> =>
  fc.record({
    method: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'get', 'post'),
    path: fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/api/${parts.join('/')}`),
  });

export const NOW = T;
