// `npm run bench`, the API part: the portal on PostgreSQL and on the embedded database, each with a generated
// data set (100 organisations, 10 000 objects, 20 000 users), beside a bare Fastify route started in the same
// run. Prints req/s, p50 and p99 at 8 and 32 connections (autocannon) and the share of the bare route's req/s.
// Asserts nothing (benchmarks are not tests). BENCH_SECONDS (default 3) is the length of each measurement;
// BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres) the server where the database
// `ecore_bench` is made afresh; BENCH_DATABASES=postgres or =embedded measures one of them only.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql, type Kysely } from 'kysely';
import { openMigratedDatabase } from '@ecore/adapters/db/database.ts';
import { argon2Hasher } from '@ecore/adapters/crypto/passwords.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { DEMO_PASSWORD, seedDemoData } from '@ecore/migrations/demo-seed.ts';
import { seedDemoAssets } from '@ecore/migrations/demo-assets.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { startPortal, type RunningPortal } from '../support/portal.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = [8, 32] as const;
const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = 'ecore_bench';
const PAGE_SIZE = 25;
const OBJECTS = 10_000;

/** Bulk inserts, one statement per table: 96 organisations (100 with the demo's), 20 000 users, 100 groups of 100 objects. */
async function generate(db: Kysely<DB>): Promise<void> {
  const owner = (await db.selectFrom('organisations').select('id').where('name', '=', 'Musterimmobilien AG').executeTakeFirstOrThrow()).id;
  await sql`insert into organisations (name, street, number, zip, city)
    select 'Bench Organisation ' || lpad(g::text, 3, '0'), 'Hauptstraße', g::text, lpad((10000 + g)::text, 5, '0'), 'Stadt ' || g
    from generate_series(1, 96) g`.execute(db);
  await sql`insert into users (user_name, email, first_name, last_name, organisation_id, roles, status)
    select 'bench' || g, 'bench' || g || '@example.com', 'Vorname' || g, 'Nachname' || g,
      (select id from organisations order by id offset (g % 100) limit 1), array[1 + g % 11], 1 + g % 4
    from generate_series(1, 20000) g`.execute(db);
  await sql`insert into asset_groups (name, organisation_id) select 'Bench-Portfolio ' || lpad(g::text, 3, '0'), ${owner} from generate_series(1, 100) g`.execute(db);
  await sql`insert into assets (name, organisation_id, asset_group_id, country, city, zip, street, street_number, construction_year, asset_total_area, determination_start_date)
    select 'Bench-Objekt ' || lpad(g::text, 5, '0'), ${owner},
      (select id from asset_groups where name = 'Bench-Portfolio ' || lpad((1 + (g - 1) / 100)::text, 3, '0')),
      'DE', 'Stadt ' || (g % 500), lpad((g % 99999)::text, 5, '0'), 'Straße ' || (g % 50), (g % 200)::text, 1950 + g % 70, 1000 + g % 9000,
      case when g % 3 = 0 then date '2025-01-01' + (g % 300) end
    from generate_series(1, ${OBJECTS}) g`.execute(db);
  await sql`insert into asset_asset_types (asset_id, asset_type_id, percentage, position)
    select id, 1, case when id % 2 = 0 then 100 else 60 end, 0 from assets where name like 'Bench-Objekt %'
    union all select id, 12, 40, 1 from assets where name like 'Bench-Objekt %' and id % 2 = 1`.execute(db);
  await sql`vacuum analyze`.execute(db);
}

async function seed(options: { databaseUrl?: string; pgliteDir?: string }): Promise<number> {
  const database = await openMigratedDatabase(options);
  try {
    await seedDemoData(database.db, await argon2Hasher().hash(DEMO_PASSWORD));
    await seedDemoQuestionnaires(database.db);
    await seedDemoAssets(database.db);
    await generate(database.db);
    const template = await database.db.selectFrom('questionnaires').select('id').where('version_label', '=', '2025_01').executeTakeFirstOrThrow();
    return template.id;
  } finally {
    await database.close();
  }
}

interface Row {
  label: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

async function measure(url: string, connections: number, request: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }, seconds = SECONDS) {
  const result = await autocannon({ url, connections, duration: seconds, ...request });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bad: result.non2xx + result.errors + result.timeouts };
}

const print = (database: string, row: Row, bare: Map<number, number>) => {
  const share = ((100 * row.rps) / (bare.get(row.connections) ?? row.rps)).toFixed(1);
  console.log(
    `${database.padEnd(9)} ${row.label.padEnd(44)} ${String(row.connections).padStart(3)}  ${row.rps.toFixed(0).padStart(7)}  ${row.p50.toFixed(1).padStart(7)}  ${row.p99.toFixed(1).padStart(7)}  ${share.padStart(6)} %${row.bad ? `  (${row.bad} failed)` : ''}`,
  );
};

async function json<T>(portal: RunningPortal, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${portal.url}${path}`, init);
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function benchPortal(database: string, portal: RunningPortal, templateId: number, bare: Map<number, number>) {
  const headers = { 'content-type': 'application/json' };
  const signIn = (userName: string) => JSON.stringify({ userName, password: DEMO_PASSWORD });
  const token = async (userName: string) =>
    (await json<{ accessToken: string }>(portal, '/api/user/login', { method: 'POST', headers, body: signIn(userName) })).accessToken;
  const objects = { authorization: `Bearer ${await token('objectadmin')}`, 'accept-language': 'de' };
  const scoring = { authorization: `Bearer ${await token('scoring')}`, 'accept-language': 'de' };
  const { total } = await json<{ total: number }>(portal, `/api/asset?pageSize=${PAGE_SIZE}`, { headers: objects });
  const lastPage = Math.ceil(total / PAGE_SIZE);
  const paths: { label: string; path: string; method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string }[] = [
    { label: 'POST /api/user/login (argon2id)', path: '/api/user/login', method: 'POST', headers, body: signIn('objectadmin') },
    { label: 'GET /api/user/me', path: '/api/user/me', headers: objects },
    { label: `GET /api/asset page 1 of ${lastPage}`, path: `/api/asset?page=1&pageSize=${PAGE_SIZE}`, headers: objects },
    { label: `GET /api/asset page ${Math.ceil(lastPage / 2)}`, path: `/api/asset?page=${Math.ceil(lastPage / 2)}&pageSize=${PAGE_SIZE}`, headers: objects },
    { label: `GET /api/asset page ${lastPage} (last)`, path: `/api/asset?page=${lastPage}&pageSize=${PAGE_SIZE}`, headers: objects },
    { label: 'GET /api/asset search "stadt 42"', path: `/api/asset?search=stadt%2042&pageSize=${PAGE_SIZE}`, headers: objects },
    { label: 'GET /api/asset assetState=NotStarted', path: `/api/asset?assetState=NotStarted&page=2&pageSize=${PAGE_SIZE}`, headers: objects },
    { label: 'GET /api/assetGroup (5 groups, 500 objects)', path: '/api/assetGroup?page=1&pageSize=5', headers: objects },
    { label: 'GET /api/questionnaire/{id} (2025_01)', path: `/api/questionnaire/${templateId}`, headers: scoring },
  ];
  for (const p of paths) {
    const request = { method: p.method ?? 'GET', headers: p.headers, ...(p.body ? { body: p.body } : {}) } as const;
    await measure(`${portal.url}${p.path}`, 8, request, 1); // warm-up
    for (const connections of CONNECTIONS) print(database, { label: p.label, connections, ...(await measure(`${portal.url}${p.path}`, connections, request)) }, bare);
  }
}

const load = () => `load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`;
const wanted = (process.env.BENCH_DATABASES ?? 'postgres,embedded').split(',');
console.log(`API benchmark, ${SECONDS} s per measurement, ${new Date().toISOString()}, ${load()}`);
console.log(`${'database'.padEnd(9)} ${'path'.padEnd(44)} ${'con'.padStart(3)}  ${'req/s'.padStart(7)}  ${'p50 ms'.padStart(7)}  ${'p99 ms'.padStart(7)}  ${'bare'.padStart(8)}`);

const bareServer = await startPortal({}, 'test/bench/bare.ts');
const bare = new Map<number, number>();
try {
  await measure(`${bareServer.url}/bare`, 8, {}, 1);
  for (const connections of CONNECTIONS) {
    const row = { label: 'GET /bare (bare Fastify)', connections, ...(await measure(`${bareServer.url}/bare`, connections, {})) };
    bare.set(connections, row.rps);
    print('-', row, bare);
  }
} finally {
  await bareServer.stop();
}

const env = { AUTH_RATE_LIMIT: '1000000', LOG_LEVEL: 'warn' };
if (wanted.includes('postgres')) {
  const admin = new URL(SERVER_URL);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  await client.query(`drop database if exists ${BENCH_DB} with (force)`);
  await client.query(`create database ${BENCH_DB}`);
  await client.end();
  admin.pathname = `/${BENCH_DB}`;
  const templateId = await seed({ databaseUrl: admin.toString() });
  const portal = await startPortal({ ...env, DATABASE_URL: admin.toString() });
  try {
    await benchPortal('postgres', portal, templateId, bare);
  } finally {
    await portal.stop();
  }
}
if (wanted.includes('embedded')) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ecore-bench-'));
  try {
    const templateId = await seed({ pgliteDir: join(dataDir, 'db') });
    const portal = await startPortal({ ...env, DATA_DIR: dataDir });
    try {
      await benchPortal('embedded', portal, templateId, bare);
    } finally {
      await portal.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(`done, ${load()}`);
