// `npm run bench` (issue 24): the time from `npm start` to the first answered API request, and the server's
// resident memory after start, on PostgreSQL (BENCH_POSTGRES_URL, else TEST_DATABASE_URL, else the local server)
// and on the embedded database; beside
// it the same start through the TypeScript loader (tsx, as `npm start` ran before issue 24).
// Goals: ≤ 5 s and ≤ 300 MB on PostgreSQL after a first build. Builds once first, so that every start measured
// is one "after a first build".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { spawnUntilReady } from '../support/portal.ts';

const root = new URL('../../', import.meta.url).pathname;

interface Started {
  ms: number;
  rssMb: number;
}

const rssOf = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
};

/** Starts the portal with `command`, times it to the first 200 of GET /api/app/config, reads the server's RSS, stops it. */
async function timeStart(command: string[], databaseUrl: string, dataDir: string): Promise<Started> {
  const begun = performance.now();
  // On PostgreSQL as in production: no demo data (the embedded database always loads it).
  const started = await spawnUntilReady(
    command,
    { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DEMO_DATA: '', LOG_LEVEL: 'warn' },
    { detached: true, timeoutMs: 300_000 },
  );
  const url = started.url;
  try {
    const deadline = performance.now() + 120_000;
    for (;;) {
      if (performance.now() > deadline) throw new Error(`GET /api/app/config never answered 200:\n${started.output()}`);
      const res = await fetch(`${url}/api/app/config`).catch(() => null);
      if (res?.status === 200) {
        await res.text();
        const ms = performance.now() - begun;
        // The server process (not npm's shell) notes its id in DATA_DIR (server/src/ops/running.ts).
        const pid = Number(readFileSync(join(dataDir, 'portal.pid'), 'utf8'));
        return { ms, rssMb: rssOf(pid) };
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await started.stop();
  }
}

/**
 * One start on a fresh DATA_DIR (and database): migrations and, on the embedded database, the demo data; then
 * two restarts on what it left, the everyday case (the better of the two counts).
 */
async function firstAndRestart(command: string[], databaseUrl: string): Promise<{ first: Started; restart: Started }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ecore-bench-start-'));
  try {
    const first = await timeStart(command, databaseUrl, dataDir);
    const again = [await timeStart(command, databaseUrl, dataDir), await timeStart(command, databaseUrl, dataDir)];
    return { first, restart: again.sort((a, b) => a.ms - b.ms)[0]! };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A fresh PostgreSQL database for one start (the demo data loads into it), dropped afterwards. */
async function withPostgres<T>(url: string, use: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `ecore_bench_start_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  try {
    const target = new URL(url);
    target.pathname = `/${name}`;
    return await use(target.toString());
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
if (build.status !== 0) throw new Error('npm run build failed');

const starts = [
  { label: 'npm start (compiled)', command: ['npm', 'start'] },
  // What `npm start` ran before issue 24 (the client's digest check, then the sources through tsx), without npm itself.
  { label: 'tsx (before issue 24)', command: ['sh', '-c', 'node scripts/build-web-if-changed.mjs && node --import tsx server/src/server.ts'] },
];
const databases: { label: string; run: (command: string[]) => Promise<{ first: Started; restart: Started }> }[] = [
  { label: 'embedded (PGlite)', run: (command) => firstAndRestart(command, '') },
];
// PostgreSQL as the other benches find it (BENCH_POSTGRES_URL, docs/performance.md), left out when it does not answer.
const pgUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const probe = new pg.Client({ connectionString: pgUrl });
const reachable = await probe.connect().then(
  () => true,
  () => false,
);
await probe.end().catch(() => undefined);
if (!reachable) console.log(`PostgreSQL at ${pgUrl} does not answer: only the embedded database is measured.`);
if (reachable) databases.unshift({ label: 'PostgreSQL', run: (command) => withPostgres(pgUrl, (url) => firstAndRestart(command, url)) });

console.log('\nFrom the start command to the first 200 of GET /api/app/config, and the server\'s RSS then (first start on fresh data; restart):');
const figure = (r: Started) => `${r.ms.toFixed(0).padStart(6)} ms ${r.rssMb.toFixed(0).padStart(4)} MB`;
for (const database of databases) {
  for (const start of starts) {
    const { first, restart } = await database.run(start.command);
    const goal =
      database.label === 'PostgreSQL' && start.command[0] === 'npm' ? `  (goal ≤ 5000 ms, ≤ 300 MB: ${restart.ms <= 5000 && restart.rssMb <= 300 ? 'met' : 'NOT met'})` : '';
    console.log(`  ${database.label.padEnd(18)} ${start.label.padEnd(22)} first ${figure(first)}   restart ${figure(restart)}${goal}`);
  }
}
