#!/usr/bin/env node
// `npm test`: typecheck, lint, every test tier (core, adapters on PGlite and PostgreSQL, server, web,
// browser end-to-end), then one line with the totals: "N passed, N failed".
// With CI=true (or REQUIRE_ALL_SUITES=1) a suite that could not run fails the run instead of being skipped.
import { spawnSync } from 'node:child_process';
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

const run = (label, cmd, args, env = {}) => {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status === 0;
};

const check = (label, ok) => {
  if (ok) passed += 1;
  else {
    failed += 1;
    problems.push(label);
  }
};

/** Counts the tests of a vitest JSON report; answers the list of test names for further checks. */
const countReport = (file, label, exitOk) => {
  if (!existsSync(file)) {
    failed += 1;
    problems.push(`${label}: no report`);
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
  if (!exitOk && !bad && !brokenFiles) {
    failed += 1;
    problems.push(`${label}: vitest exited with an error`);
  }
  return tests;
};

const vitest = (label, projects, env = {}) => {
  const out = join(reports, `${label}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  const ok = run(label, 'npx', args, env);
  return countReport(out, label, ok);
};

check('typecheck', run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']));
check('lint', run('lint', 'npx', ['eslint', '--max-warnings', '0', '.']));

const unit = vitest('unit', ['core', 'adapters', 'server', 'web']);
const onPostgres = unit.filter((t) => / on '?postgres/.test(t.fullName));
if (!process.env.TEST_DATABASE_URL) {
  console.log('\nPostgreSQL suite not run: TEST_DATABASE_URL is not set.');
  if (strict) check('PostgreSQL suite (TEST_DATABASE_URL not set)', false);
} else if (onPostgres.length === 0 || onPostgres.some((t) => t.status !== 'passed')) {
  check('PostgreSQL suite did not pass', false);
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
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
