// The findings of issue 37, each sent as the prober sent it, over app.inject against the demo data: scopes decided on
// the raw URL, a token's secret kept for replay, a zip bomb that lies about its size, unlimited bad bearer tokens,
// evidence shown inline, formula cells taken silently.
import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createHarness, multipartFile, T0, type DemoUserName, type Harness } from '../testing/harness.ts';

let h: Harness;
const logLines: string[] = [];
beforeAll(async () => {
  h = await createHarness({ bearerFailureLimit: 20, logLevel: 'info', logStream: { write: (line: string) => void logLines.push(line) } });
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const DAY = 24 * 60 * 60 * 1000;
const inDays = (n: number) => new Date(T0 + n * DAY).toISOString();

async function createToken(user: DemoUserName, scopes: string[]) {
  const res = await h.as(user, 'POST', '/api/user/apiTokens', { name: 'Kreditsystem', scopes, expiresAt: inDays(30) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; token: string }>().token;
}
const withToken = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, remoteAddress?: string) =>
  h.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}), ...(remoteAddress ? { remoteAddress } : {}) });

describe('finding 1–4: a token’s scope is decided by the route that matched, not the URL’s text', () => {
  it('POST /api/user/%61piTokens with a read+write token makes no token (403 token-not-allowed), and GET lists none', async () => {
    const token = await createToken('objectadmin', ['read', 'write']);
    const body = { name: 'x', scopes: ['read', 'write', 'export'], expiresAt: inDays(360) };
    await h.expectRefused(() => withToken(token, 'POST', '/api/user/%61piTokens', body), { statusCode: 403, key: 'token-not-allowed' });
    await h.expectRefused(() => withToken(token, 'GET', '/api/user/%61piTokens'), { statusCode: 403, key: 'token-not-allowed' });
    expect(await h.db.selectFrom('api_tokens').select('id').execute()).toHaveLength(1);
  });

  it('GET /api/%65xport/questionnaire/9/9 with a read token is refused like the plain path (403)', async () => {
    const token = await createToken('objectadmin', ['read']);
    const url = '/api/%65xport/questionnaire/9/9?exportFormat=1&language=en&isBuyerAsset=false';
    const plain = await withToken(token, 'GET', url.replace('%65', 'e'));
    expect(plain.statusCode).toBe(403);
    const encoded = await h.expectRefused(() => withToken(token, 'GET', url), { statusCode: 403, key: 'api-token-scope' });
    expect(encoded.key).toBe(plain.json().key);
  });

  it('POST /api/%69mport/assets?dryRun=false with a write token of a user without import stores nothing (403)', async () => {
    const token = await createToken('objectadmin', ['read', 'write']);
    const csv = Buffer.from('Objektname;Objektgruppe;Land;Ort;PLZ;Straße;Hausnummer;Bruttogrundfläche (BGF) in m²;OFF\r\nEingeschleust;Neue Gruppe;DE;Köln;50667;Domkloster;4;100;100\r\n');
    const { body, contentType } = multipartFile('objekte.csv', csv);
    await h.expectRefused(
      () => h.app.inject({ method: 'POST', url: '/api/%69mport/assets?dryRun=false', headers: { ...bearer(token), 'content-type': contentType }, payload: body }),
      { statusCode: 403, key: 'api-token-scope' },
    );
    expect(await h.db.selectFrom('assets').select('id').where('name', '=', 'Eingeschleust').execute()).toEqual([]);
  });

  it('POST /api/user/%6cogout with a write token does not end the user’s browser session (403 token-not-allowed)', async () => {
    const session = await h.login('objectadmin');
    const token = await createToken('objectadmin', ['read', 'write']);
    await h.expectRefused(() => withToken(token, 'POST', '/api/user/%6cogout'), { statusCode: 403, key: 'token-not-allowed' });
    await h.expectRefused(() => withToken(token, 'POST', '/api/user/logout'), { statusCode: 403, key: 'token-not-allowed' });
    expect((await h.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(session) })).statusCode).toBe(200);
  });

  it('the personal data export is a browser session’s only; a read token still reads who it is', async () => {
    const token = await createToken('collector', ['read']);
    const refused = await h.app.inject({ method: 'GET', url: '/api/user/me/personalData', headers: { ...bearer(token), 'accept-language': 'en' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ key: 'token-not-allowed', message: 'This action is only possible when signed in in the browser, not with an access token' });
    expect((await withToken(token, 'GET', '/api/user/me')).statusCode).toBe(200);
  });
});

describe('finding 5: a token’s secret is never kept for replay', () => {
  it('a retry with the same Idempotency-Key answers 409 idempotency-secret-not-replayed, and the secret is nowhere in the database or the log', async () => {
    const session = await h.login('bank');
    const send = () =>
      h.app.inject({
        method: 'POST',
        url: '/api/user/apiTokens',
        headers: { ...bearer(session), 'idempotency-key': 'f3a9c2e4-token-1', 'accept-language': 'en' },
        payload: { name: 'Kreditsystem', scopes: ['read'], expiresAt: inDays(30) },
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    const secret = first.json<{ token: string }>().token;
    const retry = await h.expectRefused(send, { statusCode: 409, key: 'idempotency-secret-not-replayed' });
    expect(JSON.stringify(retry)).not.toContain('ecore_pat_');
    expect((retry as unknown as { message: string }).message).toBe('An access token is shown only once. Please check your access tokens and revoke the one you lost');
    // Another key makes another token, as any new request does.
    expect((await h.app.inject({ method: 'POST', url: '/api/user/apiTokens', headers: { ...bearer(session), 'idempotency-key': 'other' }, payload: { name: 'Zweites', scopes: ['read'], expiresAt: inDays(30) } })).statusCode).toBe(201);

    // Every row of every application table as text: neither the secret nor its random part is anywhere.
    const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(h.db);
    for (const { table_name } of tables.rows) {
      const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(table_name)} t`.execute(h.db);
      for (const { row } of rows.rows) expect(row, table_name).not.toContain(secret.slice('ecore_pat_'.length));
    }
    const kept = await h.db.selectFrom('idempotency_keys').selectAll().execute();
    expect(kept.map((k) => [k.status_code, k.response_body])).toEqual([
      [201, null],
      [201, null],
    ]);
    expect(logLines.join('\n')).not.toContain(secret.slice('ecore_pat_'.length));
  });
});

describe('finding 6: the zip-bomb guard counts the bytes really inflated', () => {
  it('a 400 KB workbook whose headers claim a 1 000-byte sheet that inflates to 400 MB answers 400 import-zip-bomb, quickly', async () => {
    // Made by fixtures/make-zip-bomb.ts: both the local header and the central directory claim 1 000 bytes.
    const bomb = await readFile(new URL('../routes/imports/fixtures/zip-bomb.xlsx', import.meta.url));
    expect(bomb.length).toBeLessThan(500_000);
    const { body, contentType } = multipartFile('objekte.xlsx', bomb);
    const session = await h.login('importadmin');
    const started = process.cpuUsage();
    await h.expectRefused(
      () => h.app.inject({ method: 'POST', url: '/api/import/assets?dryRun=true', headers: { ...bearer(session), 'content-type': contentType }, payload: body }),
      { statusCode: 400, key: 'import-zip-bomb' },
    );
    const used = process.cpuUsage(started);
    // The guard stops at 100 MB of inflated bytes (a few hundred ms), never 400 MB; the bound is loose for a loaded machine.
    expect((used.user + used.system) / 1000).toBeLessThan(5_000);
  });
});

describe('bad bearer tokens count per client address', () => {
  it('after 20 failures in a minute the address gets 429 with Retry-After; others and verified sessions go on', async () => {
    const session = await h.login('collector');
    const good = await createToken('collector', ['read']);
    const guesses = Array.from({ length: 20 }, (_, i) => `ecore_pat_${String(i).padStart(43, 'A')}`);
    for (const guess of guesses) expect((await withToken(guess, 'GET', '/api/asset', undefined, '203.0.113.7')).statusCode).toBe(401);
    const held = await withToken('ecore_pat_' + 'B'.repeat(43), 'GET', '/api/asset', undefined, '203.0.113.7');
    expect(held.statusCode).toBe(429);
    expect(held.json().key).toBe('too-many-requests');
    expect(held.headers['retry-after']).toBe('60');
    // A forged session token from the address is held up too; a session that verifies is not.
    expect((await withToken('eyJhbGciOiJIUzI1NiJ9.e30.x', 'GET', '/api/asset', undefined, '203.0.113.7')).statusCode).toBe(429);
    expect((await withToken(session, 'GET', '/api/asset', undefined, '203.0.113.7')).statusCode).toBe(200);
    // Another address is not affected, with a good token or a bad one.
    expect((await withToken(good, 'GET', '/api/asset', undefined, '198.51.100.9')).statusCode).toBe(200);
    expect((await withToken('ecore_pat_' + 'C'.repeat(43), 'GET', '/api/asset', undefined, '198.51.100.9')).statusCode).toBe(401);
    // After the minute the address is heard again.
    h.clock.now += 60_000;
    expect((await withToken(good, 'GET', '/api/asset', undefined, '203.0.113.7')).statusCode).toBe(200);
  });
});
