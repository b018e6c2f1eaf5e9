// `npm run bench`, imports (issue 20): a CSV file of 10 000 objects (German, `;`, decimal comma) uploaded to
// `POST /api/import/assets` through a real HTTP server in this process as `importadmin`: the preview (dryRun), the import
// (one transaction, batched inserts), the preview of the same file again (every row unchanged), and an import of the
// file with every area changed (batched updates); the time of each
// and the peak RSS of the process (server and client). Goals on PostgreSQL: preview ≤ 5 s, import ≤ 10 s, peak RSS ≤
// 300 MB. Runs on PostgreSQL (database `ecore_bench_import` made afresh on BENCH_POSTGRES_URL, default
// postgres://postgres@127.0.0.1:5432/postgres) and on the embedded database (whose memory then counts in the RSS).
// BENCH_IMPORT_OBJECTS changes the count. Then answers (`POST /api/import/answers`): the German answer template of one
// of the ten groups (OBJECTS / 10 objects, 1 000 by default) with 30 question columns filled ("1": a figure, or the
// first option), previewed, imported (questionnaires started, change log written) and previewed again.
// Asserts nothing but that the runs succeed.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { openMigratedDatabase, type Database } from '@ecore/adapters/db/database.ts';
import { argon2Hasher } from '@ecore/adapters/crypto/passwords.ts';
import { linkTokens } from '@ecore/adapters/crypto/link-tokens.ts';
import { createMemoryMailer } from '@ecore/adapters/mail/mailer.ts';
import { createMemoryFileStore } from '@ecore/adapters/files/file-store.ts';
import { DEMO_PASSWORD, seedDemoData } from '@ecore/migrations/demo-seed.ts';
import { seedDemoAssets } from '@ecore/migrations/demo-assets.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { readImportFile } from '@ecore/adapters/imports/read-table.ts';
import { writeCsv } from '@ecore/adapters/imports/template-file.ts';
import { buildApp } from '@ecore/server/app.ts';

const OBJECTS = Number(process.env.BENCH_IMPORT_OBJECTS ?? 10_000);
const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = 'ecore_bench_import';

async function openPostgres(): Promise<Database | null> {
  try {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 2000 });
    await client.connect();
    await client.query(`drop database if exists ${BENCH_DB} with (force)`);
    await client.query(`create database ${BENCH_DB}`);
    await client.end();
    const url = new URL(SERVER_URL);
    url.pathname = `/${BENCH_DB}`;
    return await openMigratedDatabase({ databaseUrl: url.toString() });
  } catch {
    return null;
  }
}

/** The file a property company would upload: one row per object, ten groups, two asset classes each. */
const sampleFile = (extraArea = 0): Buffer => {
  const header = 'Externe ID;Objektname;Objektgruppe;Land;Ort;PLZ;Straße;Hausnummer;Baujahr;Ausstattungsqualität;Bruttogrundfläche (BGF) in m²;Nutzfläche in m²;OFF;RESI';
  const lines = [header];
  for (let i = 1; i <= OBJECTS; i++) {
    lines.push(`BENCH-${i};Bench-Objekt ${i};Bench-Portfolio ${i % 10};DE;Köln;${String(50000 + (i % 999)).padStart(5, '0')};Teststraße;${i};${1950 + (i % 70)};Mittel;${800 + extraArea + (i % 5000)},5;${600 + (i % 4000)};60;40`);
  }
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
};

async function bench(database: Database, kind: string) {
  const hasher = argon2Hasher({ memoryCost: 1024, timeCost: 1 });
  const db = database.db;
  await seedDemoData(db, await hasher.hash(DEMO_PASSWORD));
  await seedDemoAssets(db);
  await seedDemoQuestionnaires(db);
  const app = await buildApp({
    db,
    listen: database.listen,
    mailer: createMemoryMailer(),
    hasher,
    tokens: linkTokens,
    files: createMemoryFileStore(),
    clock: Date.now,
    config: { jwtSecret: 'bench-secret-bench-secret-bench-secret-42', publicUrl: 'http://127.0.0.1:3000', twoFactorLogin: false, authRateLimit: 1000 },
  });
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${address}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'importadmin', password: DEMO_PASSWORD }) });
    const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`, 'accept-language': 'de' };
    const file = sampleFile();
    const changed = sampleFile(1);
    let peakRss = 0;
    let peakHeap = 0;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed + m.external);
    }, 5);
    const upload = async (dryRun: boolean, bytes = file, kind: 'assets' | 'answers' = 'assets') => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), `bench-${kind}.csv`);
      const started = performance.now();
      const res = await fetch(`${address}/api/import/${kind}?dryRun=${dryRun}`, { method: 'POST', headers, body: form });
      const body = (await res.json()) as { created: number; updated: number; unchanged: number; failed: number };
      if (res.status !== 200) throw new Error(`import answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      return { ms: performance.now() - started, body };
    };
    const before = process.memoryUsage.rss();
    const preview = await upload(true);
    const stored = await upload(false);
    const again = await upload(true);
    const update = await upload(false, changed);
    const objectsPeak = peakRss;

    // Answers: the template of one group, 30 question columns filled.
    peakRss = 0;
    const group = await db.selectFrom('asset_groups').select('id').where('name', '=', 'Bench-Portfolio 1').executeTakeFirstOrThrow();
    const started = performance.now();
    const template = await fetch(`${address}/api/import/answers/template?assetGroupId=${group.id}&language=de&exportFormat=1`, { headers });
    const read = await readImportFile(Buffer.from(await template.arrayBuffer()));
    if (read._tag === 'Left' || template.status !== 200) throw new Error(`answer template answered ${template.status}`);
    const templateMs = performance.now() - started;
    const { header, rows } = read.right;
    const filledColumns = header.map((_, i) => i).filter((i) => i >= 3 && rows.some((r) => r[i] !== '—')).slice(0, 30);
    const answerFile = writeCsv(
      header.map(String),
      rows.map((r) => r.map((cell, i) => (filledColumns.includes(i) && cell !== '—' ? '1' : cell))),
      'de',
    ).body;
    const answersPreview = await upload(true, answerFile, 'answers');
    const answersImport = await upload(false, answerFile, 'answers');
    const answersAgain = await upload(true, answerFile, 'answers');
    clearInterval(sampler);
    const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(0)} MB`;
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(`\nImport of ${OBJECTS} objects (POST /api/import/assets, ${(file.length / 1024 / 1024).toFixed(1)} MB CSV, ${kind}, load ${loadavg()[0]!.toFixed(2)}):`);
    console.log(`  preview  ${s(preview.ms).padStart(8)}   ${preview.body.created} created   (goal on PostgreSQL: ≤ 5 s)`);
    console.log(`  import   ${s(stored.ms).padStart(8)}   ${stored.body.created} created   (goal on PostgreSQL: ≤ 10 s)`);
    console.log(`  again    ${s(again.ms).padStart(8)}   ${again.body.unchanged} unchanged (the same file previewed again)`);
    console.log(`  update   ${s(update.ms).padStart(8)}   ${update.body.updated} updated   (every area changed, batched updates)`);
    console.log(`  heap (used + external) at peak ${mb(peakHeap)}`);
    console.log(`  RSS before ${mb(before)}, peak while importing ${mb(objectsPeak)}, peak of the process ${mb(process.resourceUsage().maxRSS * 1024)} (goal: ≤ 300 MB)`);
    console.log(`\nAnswers for ${rows.length} objects × ${filledColumns.length} questions (POST /api/import/answers, ${(answerFile.length / 1024).toFixed(0)} KB CSV, ${kind}):`);
    console.log(`  template ${s(templateMs).padStart(8)}   (GET /api/import/answers/template, CSV)`);
    console.log(`  preview  ${s(answersPreview.ms).padStart(8)}   ${answersPreview.body.created} questionnaires to start`);
    console.log(`  import   ${s(answersImport.ms).padStart(8)}   ${answersImport.body.created} started, ${answersImport.body.updated} updated`);
    console.log(`  again    ${s(answersAgain.ms).padStart(8)}   ${answersAgain.body.unchanged} unchanged`);
    console.log(`  RSS peak while importing answers ${mb(peakRss)}`);
  } finally {
    await app.close();
  }
}

const postgres = await openPostgres();
if (postgres) {
  try {
    await bench(postgres, 'PostgreSQL');
  } finally {
    await postgres.close();
  }
} else console.log('\nImport bench: no PostgreSQL at BENCH_POSTGRES_URL; the embedded database only.');
if (process.env.BENCH_IMPORT_EMBEDDED !== '0') {
  const embedded = await openMigratedDatabase({});
  try {
    await bench(embedded, 'embedded (PGlite in this process)');
  } finally {
    await embedded.close();
  }
}
