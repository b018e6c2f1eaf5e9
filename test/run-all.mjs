#!/usr/bin/env node
// `npm test`: typecheck, lint, every test tier (core, adapters on PGlite and PostgreSQL, server on PGlite
// and PostgreSQL, web, browser end-to-end), then one line with the totals of the tests: "N passed, N failed".
// The checks (typecheck, lint, web build, suites that must run) are reported on the line before it, not
// counted as tests; a failed check fails the run all the same.
// With CI=true (or REQUIRE_ALL_SUITES=1) a suite that could not run fails the run instead of being skipped.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const strict = process.env.CI === 'true' || process.env.REQUIRE_ALL_SUITES === '1';
const reports = join(root, '.vitest-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const problems = [];
/** Checks that are not tests: typecheck, lint, build, suites that had to run. */
const checks = [];

const run = (label, cmd, args, env = {}) => {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status === 0;
};

const check = (label, ok) => {
  checks.push({ label, ok });
  if (!ok) problems.push(label);
};

/** Counts the tests of a vitest JSON report; answers the list of test names for further checks. */
const countReport = (file, label, exitOk) => {
  if (!existsSync(file)) {
    check(`${label}: no report`, false);
    return [];
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const tests = report.testResults.flatMap((f) => f.assertionResults);
  const ok = tests.filter((t) => t.status === 'passed').length;
  const bad = tests.filter((t) => t.status === 'failed').length;
  passed += ok;
  failed += bad;
  // A file that failed to load has no assertion results but fails the run.
  const brokenFiles = report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  failed += brokenFiles;
  if (bad || brokenFiles) problems.push(`${label}: ${bad} tests, ${brokenFiles} files failed`);
  if (!exitOk && !bad && !brokenFiles) check(`${label}: vitest exited with an error`, false);
  return tests;
};

const vitest = (label, projects, env = {}) => {
  const out = join(reports, `${label}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  const ok = run(label, 'npx', args, env);
  return countReport(out, label, ok);
};

/** Runs commands side by side (each on a core of its own), printing each one's output whole when it ends. */
const runTogether = (commands) =>
  Promise.all(
    commands.map(
      ([label, cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          let out = '';
          child.stdout.on('data', (chunk) => (out += chunk));
          child.stderr.on('data', (chunk) => (out += chunk));
          child.on('close', (code) => {
            console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}\n${out}`);
            resolve(code === 0);
          });
        }),
    ),
  );

// Typecheck and lint read the same sources and need no database: on two cores they run at once.
const [typed, linted] = await runTogether([
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
]);
check('typecheck', typed);
check('lint', linted);

const unit = vitest('unit', ['core', 'tooling', 'adapters', 'server', 'web']);
const onPostgres = unit.filter((t) => / on '?postgres/.test(t.fullName));
if (!process.env.TEST_DATABASE_URL) {
  console.log('\nPostgreSQL suites not run: TEST_DATABASE_URL is not set.');
  if (strict) check('PostgreSQL suites (TEST_DATABASE_URL not set)', false);
} else {
  check('repository suite on PostgreSQL', onPostgres.length > 0 && onPostgres.every((t) => t.status === 'passed'));
  // The route suite once more, every test file on a PostgreSQL database of its own.
  const routes = vitest('server-on-postgres', ['server-pg']);
  console.log(`\n${routes.filter((t) => t.status === 'passed').length} server tests passed on PostgreSQL.`);
  check('server suite on PostgreSQL', routes.length > 0);
}

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const built = run('build web client', 'npm', ['run', 'build', '-w', '@ecore/web']);
check('web build', built);
if (!existsSync(chromium)) {
  console.log(`\nBrowser suite not run: no Chromium at ${chromium}.`);
  if (strict) check(`browser suite (no Chromium at ${chromium})`, false);
} else if (built) {
  const e2e = vitest('e2e', ['e2e'], { CHROMIUM_PATH: chromium });
  if (e2e.length === 0) check('browser suite ran no test', false);
}

console.log('');
if (problems.length) console.log(`Failed: ${problems.join('; ')}`);
console.log(`checks: ${checks.map((c) => `${c.label} ${c.ok ? 'ok' : 'FAILED'}`).join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && checks.every((c) => c.ok) ? 0 : 1);
