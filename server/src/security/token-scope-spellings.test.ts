// Issue 37: a token's scope is decided by the route that matched, never by the URL's text. Every operation of the
// published description is sent with a token of each scope, in its plain spelling and in others a router may accept
// (percent-encoded letters, a doubled slash, a trailing slash, other letter cases). Percent-encoded spellings answer
// exactly as the plain one; every answer, whatever the spelling, is what core's route → scope table says of the route
// the router matched (read from the auth plugin's log line of the request), and a spelling no route takes is a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_SCOPES } from '@ecore/core/identity/api-tokens.ts';
import { ROUTE_SCOPES, routeKey, routeScope } from '@ecore/core/identity/route-scopes.ts';
import { bearer, createHarness, T0, type Harness } from '../testing/harness.ts';

let h: Harness;
/** The route pattern the auth plugin decided a token call on, by request id. */
const decidedOn = new Map<string, string>();
beforeAll(async () => {
  h = await createHarness({
    apiTokenRateLimit: 1_000_000,
    logLevel: 'info',
    logStream: {
      write: (line: string) => {
        const entry = JSON.parse(line) as { requestId?: string; apiTokenId?: number; route?: string };
        if (entry.requestId && entry.apiTokenId !== undefined && entry.route !== undefined) decidedOn.set(entry.requestId, entry.route);
      },
    },
  });
  await h.reset();
});
afterAll(async () => h.close());

type Operation = { method: string; path: string };
const operations = (): Operation[] => {
  const document = h.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => ['get', 'post', 'put', 'delete', 'patch'].includes(m))
      .map((m) => ({ method: m.toUpperCase(), path })),
  );
};

/** The path with its parameters filled by an id no row has (a call that reaches its handler changes nothing). */
const plainUrl = (path: string) => path.replace(/\{[^}]+\}/g, '999999');
const staticSegment = (segment: string) => segment !== '' && !/^\d+$/.test(segment);
const respell = (url: string, each: (segment: string) => string) =>
  url
    .split('/')
    .map((segment) => (staticSegment(segment) ? each(segment) : segment))
    .join('/');
/** Other spellings of the same path: percent-encoded letters must reach the same route; the others may reach another or none. */
const spellings = (url: string): { name: string; url: string; mustMatch: boolean }[] => [
  { name: 'percent-encoded', url: respell(url, (s) => `%${s.charCodeAt(0).toString(16)}${s.slice(1)}`), mustMatch: true },
  { name: 'every letter encoded', url: respell(url, (s) => [...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')), mustMatch: true },
  { name: 'doubled slashes', url: url.replace(/\//g, '//'), mustMatch: false },
  { name: 'a trailing slash', url: `${url}/`, mustMatch: false },
  { name: 'upper case', url: url.toUpperCase(), mustMatch: false },
  { name: 'first letters swapped in case', url: respell(url, (s) => (s[0] === s[0]!.toUpperCase() ? s[0]!.toLowerCase() : s[0]!.toUpperCase()) + s.slice(1)), mustMatch: false },
];

type Answer = { status: number; key: unknown; route: string | null };
const answerOf = (res: { statusCode: number; body: string; headers: Record<string, unknown> }): Answer => {
  let key: unknown = null;
  try {
    key = (JSON.parse(res.body) as { key?: unknown }).key ?? null;
  } catch {
    // A file or an empty answer: its status says it.
  }
  return { status: res.statusCode, key, route: decidedOn.get(String(res.headers['x-request-id'])) ?? null };
};

/** What is wrong with an answer to a token of `scope` on the route the router matched (null: it is as the table says). */
const againstTable = (answer: Answer, method: string, scope: string): string | null => {
  const refusedForScope = answer.key === 'api-token-scope' || answer.key === 'token-not-allowed';
  // No token decision logged: no route took the spelling (404), or a public route (no token looked at).
  if (answer.route === null) return refusedForScope ? 'a scope refusal without a decision' : null;
  const needed = routeScope({ method, pattern: answer.route });
  if (needed === 'session') return answer.status === 403 && answer.key === 'token-not-allowed' ? null : `${answer.route} is a session's only`;
  if (needed !== scope) return answer.status === 403 && answer.key === 'api-token-scope' ? null : `${answer.route} needs ${String(needed)}`;
  return refusedForScope ? `${answer.route} refused to its own scope` : null;
};

describe('token scopes × routes × spellings (issue 37)', () => {
  it('core’s route → scope table is exactly the routes the server registers under /api', () => {
    const registered = new Set(h.app.registeredRoutes.filter((r) => r.pattern.startsWith('/api')).map((r) => routeKey(r)));
    expect([...registered].filter((key) => !(key in ROUTE_SCOPES)), 'registered routes missing from the table').toEqual([]);
    expect(Object.keys(ROUTE_SCOPES).filter((key) => !registered.has(key)), 'table entries no route has').toEqual([]);
  });

  it('every spelling the router accepts answers as the plain one, and the plain one as the table says', async () => {
    const tokens: [string, string][] = [];
    for (const scope of API_TOKEN_SCOPES) {
      const res = await h.as('admin', 'POST', '/api/user/apiTokens', { name: scope, scopes: [scope], expiresAt: new Date(T0 + 30 * 86_400_000).toISOString() });
      expect(res.statusCode, res.body).toBe(201);
      tokens.push([scope, res.json<{ token: string }>().token]);
    }
    const ops = operations();
    expect(ops.length).toBeGreaterThan(100);
    let sent = 0;
    const mismatches: string[] = [];
    for (const op of ops) {
      const needed = ROUTE_SCOPES[routeKey({ method: op.method, pattern: op.path })];
      expect(needed, `${op.method} ${op.path} in the table`).toBeDefined();
      const url = plainUrl(op.path);
      for (const [scope, token] of tokens) {
        const send = (target: string) => {
          sent += 1;
          return h.app.inject({ method: op.method as 'GET', url: target, headers: bearer(token), ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }) });
        };
        const plain = answerOf(await send(url));
        expect(plain.route === null ? needed === 'public' : routeKey({ method: op.method, pattern: plain.route }), `${op.method} ${url} decided on its own route`).toBe(
          needed === 'public' ? true : routeKey({ method: op.method, pattern: op.path }),
        );
        const wrong = againstTable(plain, op.method, scope);
        if (wrong) mismatches.push(`${op.method} ${url} with ${scope}: ${JSON.stringify(plain)}: ${wrong}`);
        for (const spelling of spellings(url)) {
          const other = answerOf(await send(spelling.url));
          const problem = spelling.mustMatch
            ? other.status === plain.status && other.key === plain.key && other.route === plain.route
              ? null
              : `answered ${JSON.stringify(other)} where the plain spelling answered ${JSON.stringify(plain)}`
            : other.route === null && other.status !== 404 && !(needed === 'public' || other.status === plain.status)
              ? `answered ${JSON.stringify(other)} without a decision`
              : againstTable(other, op.method, scope);
          if (problem) mismatches.push(`${op.method} ${spelling.url} (${spelling.name}) with ${scope}: ${problem}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    // routes × scopes × (plain + 6 spellings)
    expect(sent).toBe(ops.length * API_TOKEN_SCOPES.length * 7);
    console.info(`token scope spellings: ${ops.length} routes × ${API_TOKEN_SCOPES.length} scopes × 7 spellings = ${sent} requests`);
  }, 300_000);
});
