// `npm run bench`, imports (issue 20): a CSV file of 10 000 objects (German, `;`, decimal comma) uploaded to
// `POST /api/import/assets` as `importadmin` to the compiled server `npm start` runs (issue 24), in a process of its own:
// the preview (dryRun), the import (one transaction, batched inserts), the preview of the same file again (every row
// unchanged), and an import of the file with every area changed (batched updates); the time of each and the peak
// resident memory of the server process (VmRSS sampled every 5 ms from /proc). Goals on PostgreSQL: preview ≤ 5 s,
// import ≤ 10 s, peak RSS ≤ 300 MB. Runs on PostgreSQL (database `ecore_bench_import` made afresh on
// BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres, demo data loaded by the server) and on the
// embedded database (a fresh DATA_DIR; the database then lives in the server process and counts in its RSS).
// BENCH_IMPORT_OBJECTS changes the count. Then answers (`POST /api/import/answers`): the German answer template of one
// of the ten groups (OBJECTS / 10 objects, 1 000 by default) with 30 question columns filled ("1": a figure, or the
// first option), previewed, imported (questionnaires started, change log written) and previewed again.
// Asserts nothing but that the runs succeed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD } from '@ecore/migrations/demo-seed.ts';
import { readImportFile } from '@ecore/adapters/imports/read-table.ts';
import { writeCsv } from '@ecore/adapters/imports/template-file.ts';
import { spawnUntilReady } from '../support/portal.ts';

const root = new URL('../../', import.meta.url).pathname;
const OBJECTS = Number(process.env.BENCH_IMPORT_OBJECTS ?? 10_000);
const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = 'ecore_bench_import';

/** A fresh database `ecore_bench_import` on the PostgreSQL server, or null when none answers. */
async function postgresUrl(): Promise<string | null> {
  try {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 2000 });
    await client.connect();
    await client.query(`drop database if exists ${BENCH_DB} with (force)`);
    await client.query(`create database ${BENCH_DB}`);
    await client.end();
    const url = new URL(SERVER_URL);
    url.pathname = `/${BENCH_DB}`;
    return url.toString();
  } catch {
    return null;
  }
}

/** The resident memory of a process, from /proc (0 once it has gone). */
const vmRss = (pid: number): number => {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
};

/** The file a property company would upload: one row per object, ten groups, two asset classes each. */
const sampleFile = (extraArea = 0): Buffer => {
  const header = 'Externe ID;Objektname;Objektgruppe;Land;Ort;PLZ;Straße;Hausnummer;Baujahr;Ausstattungsqualität;Bruttogrundfläche (BGF) in m²;Nutzfläche in m²;OFF;RESI';
  const lines = [header];
  for (let i = 1; i <= OBJECTS; i++) {
    lines.push(`BENCH-${i};Bench-Objekt ${i};Bench-Portfolio ${i % 10};DE;Köln;${String(50000 + (i % 999)).padStart(5, '0')};Teststraße;${i};${1950 + (i % 70)};Mittel;${800 + extraArea + (i % 5000)},5;${600 + (i % 4000)};60;40`);
  }
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
};

async function bench(databaseUrl: string, kind: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ecore-import-bench-'));
  const server = await spawnUntilReady(['node', 'server/dist/server.mjs'], {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DEMO_DATA: '1',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000',
    // BENCH_SERVER_NODE_OPTIONS: node's options for the server alone (a sized heap: --max-old-space-size=…).
    ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
  });
  const pid = server.child.pid!;
  const address = server.url;
  try {
    const login = await fetch(`${address}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'importadmin', password: DEMO_PASSWORD }) });
    const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`, 'accept-language': 'de' };
    const file = sampleFile();
    const changed = sampleFile(1);
    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, vmRss(pid))), 5);
    const upload = async (dryRun: boolean, bytes = file, kind: 'assets' | 'answers' = 'assets') => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), `bench-${kind}.csv`);
      const started = performance.now();
      const res = await fetch(`${address}/api/import/${kind}?dryRun=${dryRun}`, { method: 'POST', headers, body: form });
      const body = (await res.json()) as { created: number; updated: number; unchanged: number; failed: number; rows: { row: number; assetId: number | null }[] };
      if (res.status !== 200) throw new Error(`import answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      return { ms: performance.now() - started, body };
    };
    const before = vmRss(pid);
    const preview = await upload(true);
    const stored = await upload(false);
    const again = await upload(true);
    const update = await upload(false, changed);
    const objectsPeak = peakRss;

    // Answers: the template of one group, 30 question columns filled.
    peakRss = 0;
    // Row 1 is in Bench-Portfolio 1: its object names the group.
    const first = stored.body.rows.find((r) => r.row === 1)?.assetId;
    // The import administrator imports but does not see objects (spec 01 §3): the organisation's object administrator looks.
    const asAdmin = await fetch(`${address}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'objectadmin', password: DEMO_PASSWORD }) });
    const adminHeaders = { authorization: `Bearer ${((await asAdmin.json()) as { accessToken: string }).accessToken}` };
    const object = await fetch(`${address}/api/asset/${first}`, { headers: adminHeaders });
    if (object.status !== 200) throw new Error(`GET /api/asset/${first} answered ${object.status}: ${(await object.text()).slice(0, 200)}`);
    const group = { id: ((await object.json()) as { assetGroupId: number }).assetGroupId };
    const started = performance.now();
    const template = await fetch(`${address}/api/import/answers/template?assetGroupId=${group.id}&language=de&exportFormat=1`, { headers });
    const read = await readImportFile(Buffer.from(await template.arrayBuffer()));
    if (read._tag === 'Left' || template.status !== 200) throw new Error(`answer template of group ${group.id} answered ${template.status}`);
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
    console.log(`  the compiled server (node server/dist/server.mjs, its own process): RSS before ${mb(before)}, peak while importing ${mb(objectsPeak)} (goal: ≤ 300 MB)`);
    console.log(`\nAnswers for ${rows.length} objects × ${filledColumns.length} questions (POST /api/import/answers, ${(answerFile.length / 1024).toFixed(0)} KB CSV, ${kind}):`);
    console.log(`  template ${s(templateMs).padStart(8)}   (GET /api/import/answers/template, CSV)`);
    console.log(`  preview  ${s(answersPreview.ms).padStart(8)}   ${answersPreview.body.created} questionnaires to start`);
    console.log(`  import   ${s(answersImport.ms).padStart(8)}   ${answersImport.body.created} started, ${answersImport.body.updated} updated`);
    console.log(`  again    ${s(answersAgain.ms).padStart(8)}   ${answersAgain.body.unchanged} unchanged`);
    console.log(`  RSS peak while importing answers ${mb(peakRss)}`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const build = spawnSync('node', ['scripts/build-server-if-changed.mjs'], { cwd: root, encoding: 'utf8' });
if (build.status !== 0) throw new Error(`server build failed: ${build.stdout}${build.stderr}`);
const postgres = await postgresUrl();
if (postgres) await bench(postgres, 'PostgreSQL');
else console.log('\nImport bench: no PostgreSQL at BENCH_POSTGRES_URL; the embedded database only.');
if (process.env.BENCH_IMPORT_EMBEDDED !== '0') await bench('', 'embedded (PGlite in the server process)');
