import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { openMigratedDatabase, type Database } from '@ecore/adapters/db/database.ts';
import { argon2Hasher } from '@ecore/adapters/crypto/passwords.ts';
import { linkTokens } from '@ecore/adapters/crypto/link-tokens.ts';
import { testDatabases, type TestDatabase } from '@ecore/adapters/db/testing/test-databases.ts';
import { openTestPglite } from '@ecore/adapters/db/testing/pglite-spare.ts';
import { truncateApplicationTables } from '@ecore/adapters/db/testing/truncate.ts';
import { databaseStates } from '@ecore/adapters/db/testing/snapshots.ts';
import { createMemoryMailer } from '@ecore/adapters/mail/mailer.ts';
import { createMemoryFileStore } from '@ecore/adapters/files/file-store.ts';
import { DEMO_PASSWORD, seedDemoData } from '@ecore/migrations/demo-seed.ts';
import { seedDemoAssets } from '@ecore/migrations/demo-assets.ts';
import { buildApp, type AppConfig } from '../app.ts';
import { createContractChecker, type ContractChecker } from './contract.ts';
import { createNotifiedCache } from '../plugins/session-cache.ts';
import { SESSION_CHANNEL } from '@ecore/migrations/index.ts';

export const T0 = Date.parse('2026-11-22T09:00:00Z');

/** The demo users of migrations/src/demo-seed.ts, one per role (password demo1234). */
export type DemoUserName =
  | 'admin' | 'scoring' | 'objectadmin' | 'collector' | 'analyst' | 'tester' | 'internaltester'
  | 'evaluator' | 'accountmanager' | 'billing' | 'importadmin' | 'bank' | 'buyer';

/**
 * One migrated in-memory PGlite and one app per test file (a PGlite takes seconds to start);
 * `reset()` empties the tables and loads the demo data again before each test. A test that needs two apps on
 * one database (two server processes) gives each its own opening of it.
 */
/**
 * The database of a test file: PGlite in memory, or with HARNESS_DATABASE=postgres (the vitest project
 * server-pg, which `npm test` runs when TEST_DATABASE_URL is set) a PostgreSQL database of its own,
 * dropped at the end, so that transactions, locks and races meet the production database too.
 */
async function openHarnessDatabase(): Promise<Database> {
  if (process.env.HARNESS_DATABASE !== 'postgres') {
    return process.env.HARNESS_DATABASE_URL ? openMigratedDatabase({ databaseUrl: process.env.HARNESS_DATABASE_URL }) : openTestPglite();
  }
  const postgres = testDatabases().find((d) => d.name === 'postgres');
  if (!postgres) throw new Error('HARNESS_DATABASE=postgres needs TEST_DATABASE_URL');
  return postgres.open();
}

/**
 * The contract checkers made in this process, by the routes of their app (method, path and the route's options): an
 * app with the same routes has the same description. The test files of a worker share their modules (vitest's
 * `isolate: false`), so the description is generated and its validators compiled once per worker, not once per file.
 */
const contracts = new Map<string, ContractChecker>();

function contractOf(app: FastifyInstance): ContractChecker {
  const routes = app.printRoutes({ commonPrefix: false, includeMeta: ['config'] });
  let contract = contracts.get(routes);
  if (!contract) {
    contract = createContractChecker(app.swagger() as Parameters<typeof createContractChecker>[0]);
    contracts.set(routes, contract);
  }
  return contract;
}

export async function createHarness(config: Partial<AppConfig> = {}, given?: Database) {
  const database: Database = given ?? (await openHarnessDatabase());
  const hasher = argon2Hasher({ memoryCost: 1024, timeCost: 1 });
  const demoHash = await hasher.hash(DEMO_PASSWORD);
  const mailer = createMemoryMailer();
  const files = createMemoryFileStore();
  const clock = { now: T0 };
  const app: FastifyInstance = await buildApp({
    db: database.db,
    listen: database.listen,
    poolStats: database.poolStats,
    mailer,
    hasher,
    tokens: linkTokens,
    files,
    clock: () => clock.now,
    config: { jwtSecret: 'test-secret-test-secret-test-secret-42', publicUrl: 'http://portal.test', twoFactorLogin: false, authRateLimit: 1000, bearerFailureLimit: 1000, checkResponses: true, ...config },
  });
  await app.ready();
  // Every answer a test receives is checked against the published description (testing/contract.ts, issue 21).
  const contract = contractOf(app);
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const checked = async (options: InjectOptions | string) => {
    const response = await inject(options);
    const sent: InjectOptions = typeof options === 'string' ? { method: 'GET', url: options } : options;
    const target = sent.url ?? sent.path ?? '';
    contract.check(String(sent.method ?? 'GET'), typeof target === 'string' ? target : (target.pathname ?? ''), response);
    return response;
  };
  app.inject = checked as unknown as typeof app.inject;
  const states = databaseStates(database.db);
  const savedFiles = new Map<string, Map<string, Uint8Array>>();

  const harness = {
    app,
    contract,
    db: database.db,
    mailer,
    files,
    clock,
    /** Empties the tables and loads the demo data (organisations, users, objects, groups) again. */
    async reset() {
      await harness.resetTo('demo', async () => {});
    },
    /**
     * Starts a test from a named state: the demo data and what `seed` adds to it (demo questionnaires,
     * answers, a review …). The first call of a file seeds and saves the state; every later call copies the
     * saved rows, sequence positions and stored files back, which is several times faster than seeding.
     */
    async resetTo(name: string, seed: () => Promise<void>) {
      // Mail work of the previous test must not land in this one.
      await app.drainBackground();
      clock.now = T0;
      if (states.has(name)) {
        await states.restore(name);
        files.files.clear();
        for (const [key, value] of savedFiles.get(name) ?? []) files.files.set(key, value);
      } else {
        await truncateApplicationTables(database.db);
        files.files.clear();
        await seedDemoData(database.db, demoHash);
        await seedDemoAssets(database.db);
        await seed();
        await app.drainBackground();
        await states.save(name);
        savedFiles.set(name, new Map(files.files));
      }
      mailer.sent.length = 0;
      clock.now = T0;
    },
    async login(userName: string, password = DEMO_PASSWORD): Promise<string> {
      const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { userName, password } });
      if (res.statusCode !== 200) throw new Error(`login ${userName} failed: ${res.statusCode} ${res.body}`);
      return res.json<{ accessToken: string }>().accessToken;
    },
    /** A call as one of the demo users (signed in afresh), in German unless told otherwise. */
    async as(userName: DemoUserName, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, language = 'de') {
      const token = await harness.login(userName);
      return app.inject({ method, url, headers: { ...bearer(token), 'accept-language': language }, ...(payload ? { payload } : {}) });
    },
    /** The token of the newest mailed link, after background mail work has finished. */
    async lastMailToken(): Promise<{ token: string; link: string; to: string; subject: string }> {
      await app.drainBackground();
      const mail = mailer.sent.at(-1);
      if (!mail?.link) throw new Error('no mail with a link was sent');
      const token = new URL(mail.link).searchParams.get('token');
      if (!token) throw new Error(`mail link without token: ${mail.link}`);
      return { token, link: mail.link, to: mail.to, subject: mail.subject };
    },
    /** Closes the app, and the database unless it was given. */
    /** Every application table's row count and content digest: equal before and after means nothing was stored. */
    snapshot: () => databaseSnapshot(database.db),
    /**
     * Sends a request that must be refused, and checks the refusal whole (issue 10): the status, the
     * error key, every field error (path and key) when given, and that no table changed.
     */
    async expectRefused(
      send: () => Promise<LightMyRequestResponse>,
      expected: { statusCode: number; key?: string; fields?: { path: string; key: string }[] },
    ) {
      await app.drainBackground();
      const before = await databaseSnapshot(database.db);
      const res = await send();
      await app.drainBackground();
      const body = res.json<{ statusCode: number; key: string; fields?: { path: string; key: string }[] }>();
      expect({ status: res.statusCode, statusCode: body.statusCode }).toEqual({ status: expected.statusCode, statusCode: expected.statusCode });
      if (expected.key) expect(body.key).toBe(expected.key);
      if (expected.fields) expect((body.fields ?? []).map((f) => ({ path: f.path, key: f.key }))).toEqual(expected.fields);
      expect(await databaseSnapshot(database.db)).toEqual(before);
      return body;
    },
    /**
     * Sends an import meant to store (dryRun=false) whose rows fail: refused as `expectRefused` checks, except that the
     * only change is one new entry of the import history with outcome failed (its kind, file name and failed rows,
     * nothing counted as stored). Answers the body and the entry's id.
     */
    async expectFailedImport(
      send: () => Promise<LightMyRequestResponse>,
      recorded: { kind: 'assets' | 'answers' | 'loans'; fileName: string; failed: number },
    ) {
      await app.drainBackground();
      const { imports: importsBefore, ...before } = await databaseSnapshot(database.db);
      const last = (await sql<{ id: number }>`select coalesce(max(id), 0)::int as id from imports`.execute(database.db)).rows[0]!.id;
      const res = await send();
      await app.drainBackground();
      const body = res.json<{ statusCode: number; key: string; importId?: number }>();
      expect({ status: res.statusCode, statusCode: body.statusCode, key: body.key }).toEqual({ status: 400, statusCode: 400, key: 'import-rows-failed' });
      const { imports: _after, ...after } = await databaseSnapshot(database.db);
      expect(after).toEqual(before);
      expect(await tableDigest(database.db, 'imports', sql`id <= ${last}`)).toBe(importsBefore);
      const added = await database.db
        .selectFrom('imports')
        .select(['id', 'kind', 'file_name', 'outcome', 'failed', 'created', 'updated', 'unchanged', 'groups_created'])
        .where('id', '>', last)
        .execute();
      expect(added.map(({ id: _id, ...entry }) => entry)).toEqual([
        { kind: recorded.kind, file_name: recorded.fileName, outcome: 'failed', failed: recorded.failed, created: 0, updated: 0, unchanged: 0, groups_created: 0 },
      ]);
      expect(body.importId).toBe(added[0]!.id);
      return { body, importId: added[0]!.id };
    },
    async close() {
      await app.close();
      if (!given) await database.close();
    },
  };
  return harness;
}

export type Harness = Awaited<ReturnType<typeof createHarness>>;

/** Row count and content digest of every application table. */
export async function databaseSnapshot(db: Kysely<DB>): Promise<Record<string, string>> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%' order by table_name`.execute(db);
  // The sign-in log records the sign-in that tests make inside a refused call (h.as); that is not what was refused.
  const digests: Record<string, string> = {};
  for (const { table_name } of tables.rows.filter((t) => t.table_name !== 'sign_in_events')) digests[table_name] = await tableDigest(db, table_name, sql`true`);
  return digests;
}

/** A table's row count and content digest, of the rows `where` selects. */
async function tableDigest(db: Kysely<DB>, table: string, where: RawBuilder<unknown>): Promise<string> {
  const row = await sql<{ n: number; digest: string | null }>`
    select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.table(table)} t where ${where}`.execute(db);
  return `${row.rows[0]?.n}:${row.rows[0]?.digest}`;
}

/**
 * Two apps on one database, as two server processes sharing it run (on PostgreSQL each with its own pool and LISTEN
 * connection, on PGlite the one embedded database); `close` ends both and the connections.
 */
export async function createHarnessPair(database: Pick<TestDatabase, 'open'>, config: Partial<AppConfig> = {}) {
  const first = await database.open();
  const second = await first.reopen();
  const a = await createHarness(config, first);
  const b = await createHarness(config, second);
  return {
    a,
    b,
    second,
    async close() {
      await b.close();
      await a.close();
      await second.close();
      await first.close();
    },
  };
}

/** Waits until `h` has heard every notification sent so far through `via`'s database (they arrive in commit order). */
export async function settled(h: Harness, via: Harness): Promise<void> {
  const heard = h.app.watchTables(['settled'], createNotifiedCache<number, number>()).nextInvalidation();
  await sql`select pg_notify(${SESSION_CHANNEL}, 'settled')`.execute(via.db);
  await heard;
}

/** A multipart/form-data body with one file in the field `file`, as a browser uploads it. */
export const multipartFile = (name: string, bytes: Buffer, type = 'application/octet-stream') => {
  const boundary = '----ecoreTestBoundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The payload of a JWT, without verifying it (tests read the claims the client reads). */
export const decodeJwt = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
