import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@ecore/adapters/db/database.ts';
import { testDatabases } from '@ecore/adapters/db/testing/test-databases.ts';
import { bearer, createHarness, type Harness } from '../testing/harness.ts';

// Issue 18 "Faults": with PostgreSQL unreachable mid-run the portal answers 503 database-unavailable (never a 500 or
// a 401), GET /api/health says why, and everything works again when the database returns. The machine's PostgreSQL
// is shared and never stopped: the portal reaches its own test database through a TCP proxy that this test closes
// (cutting every connection, as a stopped server or a network failure would) and opens again on the same port.
const postgres = process.env.HARNESS_DATABASE === 'postgres';

/** A TCP proxy to `target` that can be cut and restored. */
function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = createConnection(target);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server!.close(() => resolve());
    });
  return { open, cut, port: () => port };
}

let base: Database;
let proxied: Database;
let h: Harness;
let proxy: ReturnType<typeof tcpProxy>;
beforeAll(async () => {
  if (!postgres) return;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  base = await testDatabases().find((d) => d.name === 'postgres')!.open();
  // The test database's name, from a connection of its own.
  const name = (await base.db.selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name')).executeTakeFirstOrThrow()).name;
  proxy = tcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  await proxy.open();
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port());
  url.pathname = `/${name}`;
  proxied = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  h = await createHarness({}, proxied);
  await h.reset();
});
afterAll(async () => {
  if (!postgres) return;
  await h.close();
  await proxied.close();
  await base.close();
});

describe.skipIf(!postgres)('PostgreSQL unreachable mid-run (TCP proxy cut)', () => {
  it('answers 503 database-unavailable in both languages, /api/health names the database, and all recovers when it returns', async () => {
    const token = await h.login('objectadmin');
    expect((await h.app.inject({ url: '/api/asset', headers: bearer(token) })).statusCode).toBe(200);

    await proxy.cut();
    // A write (sign-out ends the sessions in the database): the session check and the object list may answer from
    // what this node holds in memory, a write never can.
    const assets = await h.app.inject({ method: 'POST', url: '/api/user/logout', headers: { ...bearer(token), 'accept-language': 'en' } });
    expect(assets.statusCode, assets.body).toBe(503);
    expect(assets.json()).toEqual({ statusCode: 503, key: 'database-unavailable', message: 'The database cannot be reached right now. Please try again in a few minutes.' });
    expect(assets.headers['retry-after']).toBe('30');
    // Sign-in says the database is away, not that the password is wrong.
    const signIn = await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'objectadmin', password: 'whatever1' } });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.json().message).toBe('Die Datenbank ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut.');
    const health = await h.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', database: 'unreachable', key: 'database-unavailable' });

    await proxy.open();
    expect((await h.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'ok' });
    expect((await h.app.inject({ url: '/api/asset', headers: bearer(token) })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'objectadmin', password: 'demo1234' } })).statusCode).toBe(200);
  });
});
