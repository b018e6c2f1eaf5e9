import { defineConfig } from 'vitest/config';

// The server suites whose subject is where PostgreSQL differs from the embedded PGlite (the same engine in one
// process, one connection): several connections and pools, row locks and races between concurrent requests,
// notifications between processes, transactions that stream or batch, outages. They run once more on PostgreSQL
// (project server-pg, a database per file); every other server suite (permissions, validation, texts, tokens,
// probing) decides alike on any database and runs on PGlite only. The repositories run on both in `adapters`.
const DIFFERENT_ON_POSTGRES = [
  'server/src/routes/answering/**/*.test.ts',
  'server/src/routes/review/**/*.test.ts',
  'server/src/routes/object-groups/**/*.test.ts',
  'server/src/routes/imports/**/*.test.ts',
  'server/src/routes/exports/**/*.test.ts',
  'server/src/routes/certificates/**/*.test.ts',
  'server/src/routes/scoring/stored-scores.test.ts',
  'server/src/routes/analysis/**/*.test.ts',
  'server/src/routes/assets/**/*.test.ts',
  'server/src/routes/webhooks/**/*.test.ts',
  'server/src/multi-node.test.ts',
  'server/src/plugins/sessions.test.ts',
  'server/src/plugins/idempotency.test.ts',
  'server/src/plugins/background.test.ts',
  'server/src/security/database-outage.test.ts',
  'server/src/security/faults.test.ts',
];

// The core, adapter and server suites share one module graph per worker (isolate: false): every server file imports
// the whole server, which costs more than most of its tests, and each core file the rules and fast-check (the core
// project 28 s → 10 s alone); each file still opens its own database and app. Core's tests are pure (no module mocks,
// timers or globals); the web's mock modules per file (vi.mock) and keep their isolation. The browser
// journeys run two files at a time (each its own portal and Chromium): a journey waits on its browser about half the
// time.
// One project per tier (ARCHITECTURE.md "Tests"). Workers are bounded: the machine has two cores,
// and every database test file starts one PGlite instance of its own.
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { test: { name: 'core', isolate: false, include: ['core/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'tooling', include: ['test/lint/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      { test: { name: 'adapters', isolate: false, include: ['adapters/src/**/*.test.ts', 'migrations/src/**/*.test.ts'], environment: 'node', globalSetup: ['test/support/pglite-setup.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      { test: { name: 'server', isolate: false, include: ['server/src/**/*.test.ts', 'test/client/**/*.test.ts'], environment: 'node', globalSetup: ['test/support/pglite-setup.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      // The route suites whose subject differs on PostgreSQL, each file on a database of its own; only with TEST_DATABASE_URL.
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { name: 'server-pg', isolate: false, include: DIFFERENT_ON_POSTGRES, environment: 'node' as const, globalSetup: ['test/support/pglite-setup.ts'], testTimeout: 30_000, hookTimeout: 60_000, env: { HARNESS_DATABASE: 'postgres' } } }]
        : []),
      // Component tests render whole screens in happy-dom: a few seconds each on a loaded two-core machine.
      { test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 20_000 } },
      // A journey through several roles (review: 16 answers reviewed, evidence asked, uploaded, resubmitted, evaluated)
      // takes 50 s alone and went past 90 s with another journey beside it on a slow night: 180 s, as the hooks.
      { test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], environment: 'node', globalSetup: ['test/support/e2e-setup.ts'], testTimeout: 180_000, hookTimeout: 180_000 } },
    ],
  },
});
