import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createHarness, T0, type DemoUserName, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ apiTokenRateLimit: 5 });
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const DAY = 24 * 60 * 60 * 1000;
const inDays = (n: number) => new Date(T0 + n * DAY).toISOString();
const userId = async (userName: string) => (await h.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
const orgOf = async (userName: string) => (await h.db.selectFrom('users').select('organisation_id').where('user_name', '=', userName).executeTakeFirstOrThrow()).organisation_id;

async function createToken(user: DemoUserName, body: object = {}) {
  const res = await h.as(user, 'POST', '/api/user/apiTokens', { name: 'Kreditsystem', scopes: ['read'], expiresAt: inDays(30), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; name: string; scopes: string[]; expiresAt: string; token: string }>();
}
const withToken = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, language = 'de') =>
  h.app.inject({ method, url, headers: { ...bearer(token), 'accept-language': language }, ...(payload ? { payload } : {}) });

describe('POST /api/user/apiTokens', () => {
  it('answers 201 with id, name, scopes, expiresAt and the secret, which is stored only as a hash', async () => {
    const created = await createToken('bank');
    expect(Object.keys(created).sort()).toEqual(['expiresAt', 'id', 'name', 'scopes', 'token']);
    expect(created).toMatchObject({ name: 'Kreditsystem', scopes: ['read'], expiresAt: inDays(30) });
    expect(created.token).toMatch(/^ecore_pat_[A-Za-z0-9_-]{43}$/);
    const rows = await h.db.selectFrom('api_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(created.token.slice(10));
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each<[DemoUserName, string[]]>([
    ['admin', ['read', 'write', 'export', 'import']],
    ['scoring', ['read', 'write', 'export']],
    ['objectadmin', ['read', 'write', 'export']],
    ['collector', ['read', 'write', 'export']],
    ['analyst', ['read', 'export']],
    ['tester', ['read', 'write']],
    ['internaltester', ['read', 'write']],
    ['evaluator', ['read', 'write']],
    ['accountmanager', ['read', 'write', 'export']],
    ['billing', ['read', 'write']],
    ['importadmin', ['read', 'write', 'import']],
    ['bank', ['read', 'write', 'export']],
    ['buyer', ['read', 'write', 'export']],
  ])('%s makes a token with the scopes it may hold (%j), lists it, calls as itself with it and revokes it', async (user, scopes) => {
    const created = await createToken(user, { scopes });
    expect(created.scopes).toEqual(scopes);
    const listed = await h.as(user, 'GET', '/api/user/apiTokens');
    expect(listed.json().items.map((t: { id: number }) => t.id)).toEqual([created.id]);
    const me = await withToken(created.token, 'GET', '/api/user/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().userName).toBe(user);
    expect((await h.as(user, 'DELETE', `/api/user/apiTokens/${created.id}`)).statusCode).toBe(204);
    expect((await withToken(created.token, 'GET', '/api/user/me')).statusCode).toBe(401);
    // One scope more than the user may hold is refused.
    const more = ['read', 'write', 'export', 'import'].find((s) => !scopes.includes(s));
    if (more) await h.expectRefused(() => h.as(user, 'POST', '/api/user/apiTokens', { name: 'mehr', scopes: [more], expiresAt: inDays(3) }), { statusCode: 400, fields: [{ path: 'scopes', key: 'api-token-scope-not-held' }] });
  });

  it.each([
    ['a name over 100 characters', { name: 'x'.repeat(101) }, [{ path: 'name', key: 'validation-max-length' }]],
    ['no name', { name: ' ' }, [{ path: 'name', key: 'validation-required' }]],
    ['a scope the user cannot hold', { scopes: ['read', 'import'] }, [{ path: 'scopes', key: 'api-token-scope-not-held' }]],
    ['no scope', { scopes: [] }, [{ path: 'scopes', key: 'api-token-scopes-required' }]],
    ['an expiry in the past', { expiresAt: inDays(-1) }, [{ path: 'expiresAt', key: 'api-token-expiry-past' }]],
    ['an expiry beyond a year', { expiresAt: inDays(367) }, [{ path: 'expiresAt', key: 'api-token-expiry-too-far' }]],
    ['an expiry that is no date', { expiresAt: 'bald' }, [{ path: 'expiresAt', key: 'api-token-expiry-invalid' }]],
  ])('refuses %s with 400 and the field, storing nothing', async (_what, change, fields) => {
    const session = await h.login('bank');
    const send = (language: string) => () =>
      h.app.inject({ method: 'POST', url: '/api/user/apiTokens', headers: { ...bearer(session), 'accept-language': language }, payload: { name: 'Kreditsystem', scopes: ['read'], expiresAt: inDays(30), ...change } });
    const de = await h.expectRefused(send('de'), { statusCode: 400, key: 'validation-generic', fields });
    const en = await h.expectRefused(send('en'), { statusCode: 400, key: 'validation-generic', fields });
    expect(de.fields?.[0]).not.toEqual(en.fields?.[0]);
  });

  it('names the scope the user cannot hold in both languages', async () => {
    const session = await h.login('bank');
    const body = { name: 'x', scopes: ['import'], expiresAt: inDays(3) };
    const de = await h.app.inject({ method: 'POST', url: '/api/user/apiTokens', headers: { ...bearer(session), 'accept-language': 'de' }, payload: body });
    const en = await h.app.inject({ method: 'POST', url: '/api/user/apiTokens', headers: { ...bearer(session), 'accept-language': 'en' }, payload: body });
    expect(de.json().fields[0].message).toBe('Die Berechtigung „import“ steht Ihnen nicht zu');
    expect(en.json().fields[0].message).toBe('You cannot hold the scope “import”');
  });

  it('is refused to a token: only a signed-in person manages tokens', async () => {
    const { token } = await createToken('admin', { scopes: ['read', 'write'] });
    await h.expectRefused(() => withToken(token, 'POST', '/api/user/apiTokens', { name: 'länger', scopes: ['read'], expiresAt: inDays(300) }), { statusCode: 403, key: 'token-not-allowed' });
    await h.expectRefused(() => withToken(token, 'GET', '/api/user/apiTokens'), { statusCode: 403, key: 'token-not-allowed' });
  });
});

describe('GET /api/user/apiTokens', () => {
  it('lists the caller’s tokens with lastUsedAt and never the secret', async () => {
    const first = await createToken('bank');
    await createToken('bank', { name: 'Zweites', scopes: ['read', 'export'] });
    await createToken('collector');
    h.clock.now = T0 + 60_000;
    expect((await withToken(first.token, 'GET', '/api/export/assets')).statusCode).toBe(200);
    const res = await h.as('bank', 'GET', '/api/user/apiTokens');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(first.token);
    expect(res.body).not.toContain('ecore_pat_');
    const { items, total } = res.json<{ items: { id: number; name: string; lastUsedAt: string | null; state: string }[]; total: number }>();
    expect(total).toBe(2);
    expect(items.map((t) => [t.name, t.lastUsedAt, t.state])).toEqual([
      ['Zweites', null, 'valid'],
      ['Kreditsystem', new Date(T0 + 60_000).toISOString(), 'valid'],
    ]);
  });
});

describe('Authorization: Bearer ecore_pat_…', () => {
  it('acts as its user: a read token of the bank lists its exports', async () => {
    const { token } = await createToken('bank');
    const withSession = await h.as('bank', 'GET', '/api/export/assets');
    const res = await withToken(token, 'GET', '/api/export/assets');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(withSession.json());
    expect(res.headers.ratelimit).toBe('limit=5, remaining=4, reset=60');
  });

  it('never allows more than its user: a collector’s token does not reach the bank’s export area', async () => {
    const { token } = await createToken('collector', { scopes: ['read', 'export'] });
    // Refused by the route's own rule for the user: nothing is stored, not even the token's use.
    await h.expectRefused(() => withToken(token, 'GET', '/api/export/assets'), { statusCode: 403, key: 'forbidden' });
    expect((await withToken(token, 'GET', '/api/asset')).statusCode).toBe(200);
  });

  it('refuses a writing call to a read token with 403, changing nothing', async () => {
    const { token } = await createToken('objectadmin');
    const body = await h.expectRefused(() => withToken(token, 'POST', '/api/assetGroup', { name: 'Neue Gruppe' }, 'en'), { statusCode: 403, key: 'api-token-scope' });
    expect((body as unknown as { message: string }).message).toBe('The access token does not allow this call');
  });

  it('needs export for the export files', async () => {
    const read = await createToken('bank');
    const exporting = await createToken('bank', { scopes: ['export'] });
    await h.expectRefused(() => withToken(read.token, 'GET', '/api/export/customerData?exportFormat=1'), { statusCode: 403, key: 'api-token-scope' });
    expect((await withToken(exporting.token, 'GET', '/api/export/customerData?exportFormat=1')).statusCode).not.toBe(403);
  });

  it.each([
    ['unknown', 'ecore_pat_' + 'A'.repeat(43)],
    ['malformed', 'ecore_pat_kurz'],
  ])('answers 401 to an %s token', async (_what, token) => {
    const body = await h.expectRefused(() => withToken(token, 'GET', '/api/asset', undefined, 'en'), { statusCode: 401, key: 'api-token-invalid' });
    expect((body as unknown as { message: string }).message).toBe('The access token is invalid, expired or revoked');
    expect(JSON.stringify(body)).not.toContain(token);
  });

  it('stops at once when revoked (DELETE /api/user/apiTokens/{id} answers 204)', async () => {
    const { id, token } = await createToken('bank');
    expect((await withToken(token, 'GET', '/api/export/assets')).statusCode).toBe(200);
    const revoked = await h.as('bank', 'DELETE', `/api/user/apiTokens/${id}`);
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe('');
    await h.expectRefused(() => withToken(token, 'GET', '/api/export/assets'), { statusCode: 401, key: 'api-token-invalid' });
    const list = (await h.as('bank', 'GET', '/api/user/apiTokens')).json();
    expect(list.items[0]).toMatchObject({ id, state: 'revoked', revokedAt: new Date(T0).toISOString() });
  });

  it('revokes only the caller’s own tokens: another user’s id answers 404', async () => {
    const { id, token } = await createToken('bank');
    await h.expectRefused(() => h.as('collector', 'DELETE', `/api/user/apiTokens/${id}`), { statusCode: 404, key: 'not-found' });
    expect((await withToken(token, 'GET', '/api/export/assets')).statusCode).toBe(200);
  });

  it('stops at its expiry', async () => {
    const { token } = await createToken('bank', { expiresAt: inDays(2) });
    h.clock.now = T0 + 2 * DAY - 1;
    expect((await withToken(token, 'GET', '/api/export/assets')).statusCode).toBe(200);
    h.clock.now = T0 + 2 * DAY;
    await h.expectRefused(() => withToken(token, 'GET', '/api/export/assets'), { statusCode: 401, key: 'api-token-invalid' });
  });

  it.each([
    ['locked', (id: number) => h.as('admin', 'POST', `/api/user/lock/${id}`)],
    ['deactivated', (id: number) => h.as('admin', 'DELETE', `/api/user/${id}`)],
    ['archived', (id: number) => h.as('admin', 'DELETE', `/api/user/archive/${id}`)],
  ])('stops at once when its user is %s', async (_what, change) => {
    const { token } = await createToken('collector');
    expect((await withToken(token, 'GET', '/api/asset')).statusCode).toBe(200);
    expect((await change(await userId('collector'))).statusCode).toBe(204);
    await h.expectRefused(() => withToken(token, 'GET', '/api/asset'), { statusCode: 401, key: 'api-token-invalid' });
  });

  it('stops at once when its organisation is deactivated', async () => {
    const { token } = await createToken('bank');
    expect((await withToken(token, 'GET', '/api/export/assets')).statusCode).toBe(200);
    expect((await h.as('admin', 'DELETE', `/api/organisations/${await orgOf('bank')}`)).statusCode).toBe(204);
    await h.expectRefused(() => withToken(token, 'GET', '/api/export/assets'), { statusCode: 401, key: 'api-token-invalid' });
  });

  it('is rate limited per token: 429 with RateLimit and Retry-After', async () => {
    const one = await createToken('bank');
    const other = await createToken('bank');
    for (let i = 0; i < 5; i += 1) expect((await withToken(one.token, 'GET', '/api/export/assets')).statusCode).toBe(200);
    h.clock.now = T0 + 15_000;
    const res = await withToken(one.token, 'GET', '/api/export/assets');
    expect(res.statusCode).toBe(429);
    expect(res.json().key).toBe('too-many-requests');
    expect(res.headers.ratelimit).toBe('limit=5, remaining=0, reset=45');
    expect(res.headers['retry-after']).toBe('45');
    expect((await withToken(other.token, 'GET', '/api/export/assets')).statusCode).toBe(200);
    h.clock.now = T0 + 60_000;
    expect((await withToken(one.token, 'GET', '/api/export/assets')).statusCode).toBe(200);
  });
});

describe('logging', () => {
  it('logs each token call and refusal by the token’s id, never its secret', async () => {
    const lines: string[] = [];
    const logged = await createHarness({ logLevel: 'info', logStream: { write: (line) => void lines.push(line) } });
    try {
      await logged.reset();
      const session = await logged.login('bank');
      const created = await logged.app.inject({ method: 'POST', url: '/api/user/apiTokens', headers: bearer(session), payload: { name: 'Protokoll', scopes: ['read'], expiresAt: inDays(5) } });
      const { id, token } = created.json<{ id: number; token: string }>();
      await logged.app.inject({ url: '/api/export/assets', headers: bearer(token) });
      await logged.app.inject({ method: 'POST', url: '/api/assetGroup', headers: bearer(token), payload: { name: 'X' } });
      await logged.app.inject({ method: 'DELETE', url: `/api/user/apiTokens/${id}`, headers: bearer(session) });
      await logged.app.inject({ url: '/api/export/assets', headers: bearer(token) });
      const messages = lines.map((line) => JSON.parse(line) as { msg: string; apiTokenId?: number });
      expect(messages.filter((m) => m.apiTokenId === id).map((m) => m.msg)).toEqual([
        'access token created',
        'access token call',
        'access token lacks the scope',
        'access token revoked',
        'access token refused',
      ]);
      const hash = (await logged.db.selectFrom('api_tokens').select('token_hash').executeTakeFirstOrThrow()).token_hash;
      for (const line of lines) {
        expect(line).not.toContain(token.slice(10));
        expect(line).not.toContain(hash);
      }
    } finally {
      await logged.close();
    }
  });
});
