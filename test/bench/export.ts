// `npm run bench`, exports (issue 17): the Excel export of a group of 10 000 objects in a finance partner's scope,
// `GET /api/export/assetgroup/{id}?exportFormat=2&language=en`, read as it streams: the time to the first byte, the
// whole time, the size, and the peak resident memory of the server. Goals: whole export under 1.5 s, peak RSS under
// 250 MB. Also CSV. Asserts nothing.
// The data: the demo data plus 10 000 buyer assets of the demo buyer (Käufer Wohnbau GmbH, finance partner Beispielbank
// eG) in one group, each with a filled questionnaire carrying ECORE and finance scores. On PostgreSQL (database
// `ecore_bench_export` made afresh on BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres) the
// server is the compiled one `npm start` runs (issue 24), in a process of its own; without PostgreSQL the embedded
// database and the app run in this process (whose memory then counts in the RSS, reader included).
// BENCH_EXPORT_OBJECTS changes the count. The GRESB file of the same group follows (GET /api/export/gresb, Excel 3×,
// CSV once), its memory read apart; BENCH_EXPORT_GRESB=0 leaves it out.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { Role } from '@ecore/core/identity/roles.ts';
import { openMigratedDatabase, type Database } from '@ecore/adapters/db/database.ts';
import { argon2Hasher } from '@ecore/adapters/crypto/passwords.ts';
import { linkTokens } from '@ecore/adapters/crypto/link-tokens.ts';
import { createMemoryMailer } from '@ecore/adapters/mail/mailer.ts';
import { createMemoryFileStore } from '@ecore/adapters/files/file-store.ts';
import { DEMO_PASSWORD, seedDemoData } from '@ecore/migrations/demo-seed.ts';
import { seedDemoAssets } from '@ecore/migrations/demo-assets.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { buildApp } from '@ecore/server/app.ts';
import { spawnUntilReady } from '../support/portal.ts';

const root = new URL('../../', import.meta.url).pathname;
const OBJECTS = Number(process.env.BENCH_EXPORT_OBJECTS ?? 10_000);
const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = 'ecore_bench_export';
const GROUP = 'Bench-Finanzierungsportfolio';

/** A fresh PostgreSQL database when the server answers, else the embedded one. */
async function openBenchDatabase(): Promise<{ database: Database & { url?: string }; kind: string }> {
  try {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 2000 });
    await client.connect();
    await client.query(`drop database if exists ${BENCH_DB} with (force)`);
    await client.query(`create database ${BENCH_DB}`);
    await client.end();
    const url = new URL(SERVER_URL);
    url.pathname = `/${BENCH_DB}`;
    return { database: Object.assign(await openMigratedDatabase({ databaseUrl: url.toString() }), { url: url.toString() }), kind: 'PostgreSQL' };
  } catch {
    return { database: await openMigratedDatabase({}), kind: 'embedded (PGlite in this process)' };
  }
}

interface Portal {
  address: string;
  what: string;
  rss(): number;
  peak(): number;
  stop(): Promise<void>;
}

const procStatus = (pid: number, field: 'VmRSS' | 'VmHWM'): number => {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
};

/** The compiled server (built first if its sources changed) on the bench database, in a process of its own. */
async function compiledPortal(databaseUrl: string): Promise<Portal> {
  const build = spawnSync('node', ['scripts/build-server-if-changed.mjs'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`server build failed: ${build.stdout}${build.stderr}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'ecore-export-bench-'));
  const started = await spawnUntilReady(['node', 'server/dist/server.mjs'], {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DEMO_DATA: '',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000',
  });
  const address = started.url;
  const pid = started.child.pid!;
  return {
    address,
    what: 'the compiled server (node server/dist/server.mjs, its own process)',
    rss: () => procStatus(pid, 'VmRSS'),
    peak: () => procStatus(pid, 'VmHWM'),
    async stop() {
      await started.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The app in this process (the embedded database is here too), listening on a free port. */
async function inProcessPortal(database: Database, hasher: ReturnType<typeof argon2Hasher>): Promise<Portal> {
  const app = await buildApp({
    db: database.db,
    listen: database.listen,
    mailer: createMemoryMailer(),
    hasher,
    tokens: linkTokens,
    files: createMemoryFileStore(),
    clock: Date.now,
    config: { jwtSecret: 'bench-secret-bench-secret-bench-secret-42', publicUrl: 'http://127.0.0.1:3000', twoFactorLogin: false, authRateLimit: 1000 },
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    address,
    what: 'this process (app through tsx, embedded database and reader)',
    rss: () => process.memoryUsage.rss(),
    peak: () => process.resourceUsage().maxRSS * 1024,
    stop: () => app.close(),
  };
}

const { database, kind } = await openBenchDatabase();
const hasher = argon2Hasher({ memoryCost: 1024, timeCost: 1 });
try {
  const db = database.db;
  await seedDemoData(db, await hasher.hash(DEMO_PASSWORD));
  await seedDemoQuestionnaires(db);
  await seedDemoAssets(db);
  const buyer = (await db.selectFrom('organisations').select('id').where('name', '=', 'Käufer Wohnbau GmbH').executeTakeFirstOrThrow()).id;
  const template = (await db.selectFrom('questionnaires').select('id').where('state', '=', 'Active').orderBy('id').executeTakeFirstOrThrow()).id;
  const now = new Date();
  const group = (await db.insertInto('asset_groups').values({ name: GROUP, organisation_id: buyer, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const seeding = performance.now();
  await sql`
    insert into assets (name, organisation_id, asset_group_id, is_buyer_asset, country, city, zip, street, street_number,
                        construction_year, renovation_year, asset_total_area, created_at, updated_at)
    select 'Bench-Objekt ' || i, ${buyer}, ${group}, true, 'DE', 'München', lpad((80000 + i % 999)::text, 5, '0'), 'Teststraße', i::text,
           1950 + i % 70, case when i % 3 = 0 then 2015 + i % 8 end, 800 + (i % 5000) + 0.5, ${now}, ${now}
      from generate_series(1, ${OBJECTS}) as i`.execute(db);
  await sql`insert into asset_asset_types (asset_id, asset_type_id, percentage, position)
            select id, 1, 60, 0 from assets where asset_group_id = ${group}
            union all select id, 12, 40, 1 from assets where asset_group_id = ${group}`.execute(db);
  await sql`insert into asset_questionnaires (asset_id, questionnaire_id, state, reporting_year, created_at, modified_at, ecore_score, finance_score)
            select id, ${template}, case when id % 4 = 0 then 'Closed' else 'Active' end, 2025, ${now}, ${now}, (id % 1000) / 10.0, (id % 777) / 7.77
              from assets where asset_group_id = ${group}`.execute(db);
  // Every consumption figure answered, so the GRESB file has its figures (intensities per m², varied per object).
  await sql`insert into asset_answers (asset_questionnaire_id, question_id, input_answer, state, modified_at)
            select aq.id, q.id, 5 + (aq.id % 97) + q.id % 7, 'Answered', ${now}
              from asset_questionnaires aq join questionnaire_questions q on q.questionnaire_id = aq.questionnaire_id and q.kpi_key is not null
             where aq.asset_id in (select id from assets where asset_group_id = ${group})`.execute(db);
  await sql`update assets a set latest_questionnaire_id = aq.id, questionnaire_state = aq.state
              from asset_questionnaires aq where aq.asset_id = a.id and a.asset_group_id = ${group}`.execute(db);
  // The GRESB file is for those who import the objects: an object administrator of the buyer's organisation.
  await sql`insert into users (user_name, email, first_name, last_name, organisation_id, roles, password_hash, status)
            select 'benchgresb', 'benchgresb@kaeufer.example', 'Greta', 'Bench', ${buyer}, ${sql.raw(`array[${Role.ObjectAdministrator}]::int[]`)}, password_hash, status
              from users where user_name = 'buyer'`.execute(db);
  await sql`analyze`.execute(db);
  const seededMs = performance.now() - seeding;

  // On PostgreSQL the portal runs as it does in production: the compiled server (`npm start`'s server/dist/server.mjs,
  // issue 24) in a process of its own, whose resident memory is read from /proc (VmRSS sampled, VmHWM its peak).
  // On the embedded database it runs in this process (PGlite holds the data here), through tsx.
  const portal = kind === 'PostgreSQL' ? await compiledPortal(database.url!) : await inProcessPortal(database, hasher);
  const login = await fetch(`${portal.address}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'bank', password: DEMO_PASSWORD }) });
  const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`, ...(process.env.BENCH_EXPORT_ENCODING ? { 'accept-encoding': process.env.BENCH_EXPORT_ENCODING } : {}) };

  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, portal.rss());
  }, 5);
  /** One export read as it streams in, chunk by chunk, never held whole. */
  const gresbLogin = await fetch(`${portal.address}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'benchgresb', password: DEMO_PASSWORD }) });
  const gresbHeaders = { ...headers, authorization: `Bearer ${((await gresbLogin.json()) as { accessToken: string }).accessToken}` };
  const run = async (format: number | string) => {
    const started = performance.now();
    const url = typeof format === 'number' ? `/api/export/assetgroup/${group}?exportFormat=${format}&language=en` : `/api/export/gresb?assetGroupId=${group}&format=${format}&language=en`;
    const res = await fetch(`${portal.address}${url}`, { headers: typeof format === 'number' ? headers : gresbHeaders });
    if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
    const reader = res.body.getReader();
    let firstByte = 0;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (bytes === 0) firstByte = performance.now() - started;
      bytes += value.byteLength;
      peakRss = Math.max(peakRss, portal.rss());
    }
    return { firstByte, ms: performance.now() - started, bytes };
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const before = portal.rss();
  // BENCH_EXPORT_FORMATS=2 (Excel only) or =1 (CSV only) tells which format the memory goes to.
  const formats = (process.env.BENCH_EXPORT_FORMATS ?? '2,1').split(',');
  const three = async (format: number) => (formats.includes(String(format)) ? [await run(format), await run(format), await run(format)] : []);
  await run(Number(formats[0])); // warm-up: the first call compiles the code paths
  const excel = await three(2);
  const csv = await three(1);
  const ecorePeak = peakRss;
  // The GRESB file of the same group (GET /api/export/gresb, docs/gresb.md), its memory read apart from the above.
  peakRss = portal.rss();
  const gresbBefore = peakRss;
  const gresb = process.env.BENCH_EXPORT_GRESB === '0' ? [] : [await run('xlsx'), await run('xlsx'), await run('xlsx'), await run('csv')];
  clearInterval(sampler);
  const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(0)} MB`;
  console.log(`\nExport of ${OBJECTS} objects (GET /api/export/assetgroup/{id}, finance partner "bank", ${kind}, load ${loadavg()[0]!.toFixed(2)}; data made in ${(seededMs / 1000).toFixed(1)} s):`);
  for (const [name, runs] of ([['Excel', excel], ['CSV', csv]] as const).filter(([, r]) => r.length > 0)) {
    console.log(`  ${name.padEnd(6)} first byte ${median(runs.map((r) => r.firstByte)).toFixed(0).padStart(5)} ms   whole ${median(runs.map((r) => r.ms)).toFixed(0).padStart(5)} ms (median of 3)   ${(runs[0]!.bytes / 1024).toFixed(0)} KB${name === 'Excel' ? '   (goal: under 1500 ms)' : ''}`);
  }
  console.log(`  ${portal.what}: RSS before ${mb(before)}, peak while exporting ${mb(ecorePeak)} (+${mb(ecorePeak - before)} for the exports), peak of the process ${mb(portal.peak())} (goal: under 250 MB)`);
  if (gresb.length > 0) {
    const excelRuns = gresb.slice(0, 3);
    console.log(`  GRESB  Excel whole ${median(excelRuns.map((r) => r.ms)).toFixed(0).padStart(5)} ms (median of 3), ${(excelRuns[0]!.bytes / 1024).toFixed(0)} KB; CSV whole ${gresb[3]!.ms.toFixed(0)} ms, ${(gresb[3]!.bytes / 1024).toFixed(0)} KB`);
    console.log(`  GRESB  RSS before ${mb(gresbBefore)}, peak while exporting ${mb(peakRss)} (+${mb(peakRss - gresbBefore)}; the exports above: +${mb(ecorePeak - before)})`);
  }
  await portal.stop();
} finally {
  await database.close();
}
