import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiCall, apiTokenRecord, NOW, scopeSet, tokenUser } from './arbitraries/api-tokens.ts';
import {
  API_TOKEN_PREFIX,
  apiTokenState,
  checkNewToken,
  countCall,
  decideTokenCall,
  effectiveScopes,
  isApiTokenShaped,
  isReadingCall,
  latestExpiry,
  parseExpiry,
  rateLimitHeader,
  requiredScope,
  scopesUserMayHold,
} from './api-tokens.ts';
import { Role } from './roles.ts';

const bank = { roles: [Role.ObjectAdministrator, Role.AccountManager], orgFinance: true };
const analyst = { roles: [Role.ObjectAnalyst], orgFinance: false };

describe('access tokens: scopes (issue 21)', () => {
  it('never allows a token more than its user: an allowed call needs a scope the user may hold and a user who may sign in', () => {
    fc.assert(
      fc.property(apiTokenRecord(), tokenUser(), apiCall(), (token, user, call) => {
        if (decideTokenCall(token, user, call, NOW).kind !== 'allowed') return;
        const needed = requiredScope(call);
        expect(needed).not.toBeNull();
        expect(scopesUserMayHold(user)).toContain(needed);
        expect(token.scopes).toContain(needed);
        expect(user.maySignIn).toBe(true);
      }),
    );
  });

  it('never lets a token hold a scope its user may not hold', () => {
    fc.assert(
      fc.property(scopeSet(), tokenUser(), (scopes, user) => {
        for (const scope of effectiveScopes({ scopes }, user)) expect(scopesUserMayHold(user)).toContain(scope);
      }),
    );
  });

  it('never allows a writing call to a token that holds read alone', () => {
    fc.assert(
      fc.property(apiTokenRecord(), tokenUser(), apiCall(), (token, user, call) => {
        if (isReadingCall(call.method)) return;
        expect(decideTokenCall({ ...token, scopes: ['read'] }, user, call, NOW).kind).not.toBe('allowed');
      }),
    );
  });

  it('allows nothing to a revoked or expired token', () => {
    fc.assert(
      fc.property(apiTokenRecord(), tokenUser(), apiCall(), (token, user, call) => {
        if (apiTokenState(token, NOW) === 'valid') return;
        expect(decideTokenCall(token, user, call, NOW)).toEqual({ kind: 'invalid', reason: apiTokenState(token, NOW) });
      }),
    );
  });

  it('stops at the moment of expiry, not a millisecond later', () => {
    const token = { scopes: ['read' as const], expiresAt: NOW, revokedAt: null };
    const call = { method: 'GET', path: '/api/asset' };
    expect(decideTokenCall(token, { ...bank, maySignIn: true }, call, NOW - 1).kind).toBe('allowed');
    expect(decideTokenCall(token, { ...bank, maySignIn: true }, call, NOW).kind).toBe('invalid');
  });

  it('allows nothing once its user may no longer sign in (deactivated, locked, archived, organisation deactivated)', () => {
    fc.assert(
      fc.property(apiTokenRecord(), tokenUser(), apiCall(), (token, user, call) => {
        expect(decideTokenCall(token, { ...user, maySignIn: false }, call, NOW).kind).not.toBe('allowed');
      }),
    );
  });

  it('lets no token manage tokens or log out', () => {
    for (const call of [
      { method: 'GET', path: '/api/user/apiTokens' },
      { method: 'POST', path: '/api/user/apiTokens' },
      { method: 'DELETE', path: '/api/user/apiTokens/3' },
      { method: 'GET', path: '/api/user/logout' },
    ]) {
      expect(decideTokenCall({ scopes: ['read', 'write', 'export', 'import'], expiresAt: NOW + 1000, revokedAt: null }, { roles: [Role.AccountAdministrator], orgFinance: true, maySignIn: true }, call, NOW)).toEqual({ kind: 'scope', needed: null });
    }
  });

  it('reads the export lists with read, and needs export for the export files and import for the import area', () => {
    expect(requiredScope({ method: 'GET', path: '/api/export/assets' })).toBe('read');
    expect(requiredScope({ method: 'GET', path: '/api/export/assetGroups?page=1' })).toBe('read');
    expect(requiredScope({ method: 'GET', path: '/api/export/assetgroup/4' })).toBe('export');
    expect(requiredScope({ method: 'GET', path: '/api/export/users' })).toBe('export');
    expect(requiredScope({ method: 'POST', path: '/api/import/assets' })).toBe('import');
    expect(requiredScope({ method: 'GET', path: '/api/asset/3' })).toBe('read');
    expect(requiredScope({ method: 'HEAD', path: '/api/asset' })).toBe('read');
    expect(requiredScope({ method: 'PUT', path: '/api/asset' })).toBe('write');
    expect(requiredScope({ method: 'DELETE', path: '/api/asset' })).toBe('write');
  });

  it('gives read to everyone, write to roles that change data, export to finance partners and exporting roles, import to import administrators', () => {
    expect(scopesUserMayHold(bank)).toEqual(['read', 'write', 'export']);
    expect(scopesUserMayHold(analyst)).toEqual(['read', 'export']);
    expect(scopesUserMayHold({ roles: [Role.ImportAdmin], orgFinance: false })).toEqual(['read', 'write', 'import']);
    expect(scopesUserMayHold({ roles: [Role.InternalTester], orgFinance: false })).toEqual(['read', 'write']);
    expect(scopesUserMayHold({ roles: [], orgFinance: false })).toEqual(['read']);
  });
});

describe('access tokens: a new token (issue 21 "Bad input")', () => {
  const ok = { name: 'Kreditsystem', scopes: ['read' as const], expiresAt: '2027-06-30' };

  it('accepts a name of up to 100 characters, held scopes and an expiry within a year', () => {
    expect(checkNewToken(ok, bank, NOW)).toEqual([]);
    expect(checkNewToken({ ...ok, name: 'x'.repeat(100) }, bank, NOW)).toEqual([]);
    expect(checkNewToken({ ...ok, expiresAt: new Date(latestExpiry(NOW)).toISOString() }, bank, NOW)).toEqual([]);
  });

  it('refuses a name over 100 characters or empty', () => {
    expect(checkNewToken({ ...ok, name: 'x'.repeat(101) }, bank, NOW)).toEqual([{ path: 'name', key: 'validation-max-length', params: { n: 100 } }]);
    expect(checkNewToken({ ...ok, name: '  ' }, bank, NOW)).toEqual([{ path: 'name', key: 'validation-required' }]);
  });

  it('refuses a scope the user cannot hold, and no scope at all', () => {
    expect(checkNewToken({ ...ok, scopes: ['read', 'import'] }, bank, NOW)).toEqual([{ path: 'scopes', key: 'api-token-scope-not-held', params: { scope: 'import' } }]);
    expect(checkNewToken({ ...ok, scopes: [] }, bank, NOW)).toEqual([{ path: 'scopes', key: 'api-token-scopes-required' }]);
  });

  it('refuses an expiry in the past, now, beyond one year, or not a date', () => {
    expect(checkNewToken({ ...ok, expiresAt: '2026-11-01' }, bank, NOW)[0]?.key).toBe('api-token-expiry-past');
    expect(checkNewToken({ ...ok, expiresAt: new Date(NOW).toISOString() }, bank, NOW)[0]?.key).toBe('api-token-expiry-past');
    expect(checkNewToken({ ...ok, expiresAt: new Date(latestExpiry(NOW) + 1).toISOString() }, bank, NOW)[0]?.key).toBe('api-token-expiry-too-far');
    expect(checkNewToken({ ...ok, expiresAt: 'tomorrow' }, bank, NOW)[0]?.key).toBe('api-token-expiry-invalid');
  });

  it('never accepts an expiry beyond a year or in the past', () => {
    fc.assert(
      fc.property(fc.integer({ min: NOW - 1e11, max: NOW + 1e11 }), (at) => {
        const errors = checkNewToken({ ...ok, expiresAt: new Date(at).toISOString() }, bank, NOW);
        expect(errors.length === 0).toBe(at > NOW && at <= latestExpiry(NOW));
      }),
    );
  });

  it('reads a plain date as the end of that day', () => {
    expect(parseExpiry('2027-01-31')).toBe(Date.parse('2027-01-31T23:59:59.999Z'));
    expect(parseExpiry('2027-01-31T10:00:00+01:00')).toBe(Date.parse('2027-01-31T09:00:00Z'));
    expect(parseExpiry('31.01.2027')).toBeNaN();
  });

  it('recognises a token by its prefix and length', () => {
    expect(isApiTokenShaped(`${API_TOKEN_PREFIX}${'a'.repeat(43)}`)).toBe(true);
    expect(isApiTokenShaped(`${API_TOKEN_PREFIX}${'a'.repeat(42)}`)).toBe(false);
    expect(isApiTokenShaped('eyJhbGciOi.x.y')).toBe(false);
  });
});

describe('access tokens: rate limit per token', () => {
  it('allows at most `limit` calls in a window and tells when the window resets', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 60 }), (limit, gaps) => {
        let window;
        let now = NOW;
        const allowedAt: number[] = [];
        for (const gap of gaps) {
          now += gap;
          const d = countCall(window, now, limit, 1000);
          window = d.window;
          if (d.allowed) allowedAt.push(now);
          expect(d.remaining).toBeGreaterThanOrEqual(0);
          expect(d.resetSeconds).toBeGreaterThanOrEqual(1);
        }
        // No window of the limiter holds more than `limit` allowed calls.
        expect(allowedAt.length).toBeLessThanOrEqual(Math.max(limit, limit * Math.ceil((now - NOW + 1) / 1000)));
      }),
    );
  });

  it('refuses the call after the limit and says so in the RateLimit header', () => {
    let d = countCall(undefined, NOW, 2, 60_000);
    d = countCall(d.window, NOW + 10, 2, 60_000);
    expect(d.allowed).toBe(true);
    d = countCall(d.window, NOW + 20_000, 2, 60_000);
    expect(d.allowed).toBe(false);
    expect(rateLimitHeader(d)).toBe('limit=2, remaining=0, reset=40');
    expect(countCall(d.window, NOW + 60_000, 2, 60_000).allowed).toBe(true);
  });
});
