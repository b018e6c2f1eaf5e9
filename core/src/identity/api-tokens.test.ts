import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyRoute, apiTokenRecord, knownRoute, NOW, scopeSet, tokenUser } from './arbitraries/api-tokens.ts';
import {
  API_TOKEN_PREFIX,
  API_TOKEN_SCOPES,
  apiTokenState,
  BAD_BEARER_PER_MINUTE,
  bearerHeldUp,
  checkNewToken,
  countCall,
  decideTokenCall,
  effectiveScopes,
  isApiTokenShaped,
  isReadingCall,
  latestExpiry,
  noteBearerFailure,
  parseExpiry,
  rateLimitHeader,
  requiredScope,
  scopesUserMayHold,
} from './api-tokens.ts';
import { Role } from './roles.ts';
import { ROUTE_SCOPES, routeKey, routeScope } from './route-scopes.ts';

const bank = { roles: [Role.ObjectAdministrator, Role.AccountManager], orgFinance: true };
const analyst = { roles: [Role.ObjectAnalyst], orgFinance: false };

describe('access tokens: scopes (issue 21)', () => {
  it('never allows a token more than its user: an allowed call needs a scope the user may hold and a user who may sign in', () => {
    fc.assert(
      fc.property(apiTokenRecord(), tokenUser(), anyRoute(), (token, user, call) => {
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
      fc.property(apiTokenRecord(), tokenUser(), anyRoute(), (token, user, call) => {
        // A POST that only computes (the stranding calculator) reads: the table says so, and a read token may call it.
        if (isReadingCall(call.method) || routeScope(call) === 'read' || routeScope(call) === 'public') return;
        expect(decideTokenCall({ ...token, scopes: ['read'] }, user, call, NOW).kind).not.toBe('allowed');
      }),
    );
  });

  it('allows nothing to a revoked or expired token', () => {
    fc.assert(
      fc.property(apiTokenRecord(), tokenUser(), anyRoute(), (token, user, call) => {
        if (apiTokenState(token, NOW) === 'valid') return;
        expect(decideTokenCall(token, user, call, NOW)).toEqual({ kind: 'invalid', reason: apiTokenState(token, NOW) });
      }),
    );
  });

  it('stops at the moment of expiry, not a millisecond later', () => {
    const token = { scopes: ['read' as const], expiresAt: NOW, revokedAt: null };
    const route = { method: 'GET', pattern: '/api/asset' };
    expect(decideTokenCall(token, { ...bank, maySignIn: true }, route, NOW - 1).kind).toBe('allowed');
    expect(decideTokenCall(token, { ...bank, maySignIn: true }, route, NOW).kind).toBe('invalid');
  });

  const everyScope = { scopes: API_TOKEN_SCOPES, expiresAt: NOW + 1000, revokedAt: null };
  const administrator = { roles: [Role.AccountAdministrator], orgFinance: true, maySignIn: true };

  it('lets no token manage tokens, log out or export the personal data: a browser session only', () => {
    for (const route of [
      { method: 'GET', pattern: '/api/user/apiTokens' },
      { method: 'HEAD', pattern: '/api/user/apiTokens' },
      { method: 'POST', pattern: '/api/user/apiTokens' },
      { method: 'DELETE', pattern: '/api/user/apiTokens/:id' },
      { method: 'POST', pattern: '/api/user/logout' },
      { method: 'GET', pattern: '/api/user/me/personalData' },
    ]) {
      expect(decideTokenCall(everyScope, administrator, route, NOW)).toEqual({ kind: 'session-only' });
    }
  });

  it('refuses every token a route the table does not know, and a public route (which never asks for one)', () => {
    for (const route of [
      { method: 'GET', pattern: '/api/user/%61piTokens' },
      { method: 'PATCH', pattern: '/api/asset' },
      { method: 'GET', pattern: '/api/asset/' },
      { method: 'GET', pattern: '/api//asset' },
      { method: 'GET', pattern: '/API/asset' },
      { method: 'POST', pattern: '/api/user/login' },
    ]) {
      expect(decideTokenCall(everyScope, administrator, route, NOW)).toEqual({ kind: 'scope', needed: null });
    }
  });

  it('allows a call only with the one scope its route needs: no scope allows a call outside its set, whatever the spelling', () => {
    fc.assert(
      fc.property(apiTokenRecord(), anyRoute(), (token, route) => {
        const valid = { ...token, expiresAt: NOW + 1000, revokedAt: null };
        const allowed = decideTokenCall(valid, administrator, route, NOW).kind === 'allowed';
        const needed = routeScope(route);
        expect(allowed).toBe(needed !== null && needed !== 'session' && needed !== 'public' && valid.scopes.includes(needed));
        // Only the table's own keys are ever allowed: another spelling of a path is another (unknown) pattern.
        if (allowed) expect(Object.keys(ROUTE_SCOPES)).toContain(routeKey(route));
      }),
    );
  });

  it('decides a route the same whether the router writes its parameters :id or {id}, and a HEAD like its GET', () => {
    fc.assert(
      fc.property(knownRoute(), (route) => {
        const key = routeKey(route);
        expect(ROUTE_SCOPES[key]).toBeDefined();
        expect(routeScope(route)).toBe(ROUTE_SCOPES[key]);
      }),
    );
  });

  it('reads the export lists with read, and needs export for the export files and import for the import area', () => {
    expect(requiredScope({ method: 'GET', pattern: '/api/export/assets' })).toBe('read');
    expect(requiredScope({ method: 'GET', pattern: '/api/export/assetGroups' })).toBe('read');
    expect(requiredScope({ method: 'GET', pattern: '/api/export/assetgroup/:id' })).toBe('export');
    expect(requiredScope({ method: 'GET', pattern: '/api/export/users' })).toBe('export');
    expect(requiredScope({ method: 'GET', pattern: '/api/export/questionnaire/:id/:qid' })).toBe('export');
    expect(requiredScope({ method: 'POST', pattern: '/api/import/assets' })).toBe('import');
    expect(requiredScope({ method: 'GET', pattern: '/api/import' })).toBe('import');
    expect(requiredScope({ method: 'GET', pattern: '/api/asset/:id' })).toBe('read');
    expect(requiredScope({ method: 'HEAD', pattern: '/api/asset' })).toBe('read');
    expect(requiredScope({ method: 'PUT', pattern: '/api/asset' })).toBe('write');
    expect(requiredScope({ method: 'DELETE', pattern: '/api/asset/:id' })).toBe('write');
    expect(requiredScope({ method: 'GET', pattern: '/api/user/me' })).toBe('read');
  });

  it('holds up an address after 20 failed bearer values in a minute, until that minute is over', () => {
    let window: ReturnType<typeof noteBearerFailure> | undefined;
    for (let i = 0; i < BAD_BEARER_PER_MINUTE; i += 1) {
      expect(bearerHeldUp(window, NOW + i).heldUp).toBe(false);
      window = noteBearerFailure(window, NOW + i);
    }
    expect(bearerHeldUp(window, NOW + 30_000)).toEqual({ heldUp: true, retryAfterSeconds: 30 });
    expect(bearerHeldUp(window, NOW + 59_999).heldUp).toBe(true);
    expect(bearerHeldUp(window, NOW + 60_000).heldUp).toBe(false);
    expect(noteBearerFailure(window, NOW + 60_000)).toEqual({ start: NOW + 60_000, count: 1 });
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
