import { defineConfig } from 'vitest/config';

// Server suites whose subject does not touch what PostgreSQL does differently from the embedded PGlite (the same
// engine): pools, several connections, races, locks, notifications, outages. They run once, on PGlite; every other
// server suite runs on both.
const SAME_ON_ANY_DATABASE = [
  'server/src/openapi.test.ts',
  'server/src/config.test.ts',
  'server/src/testing/contract.test.ts',
  'server/src/plugins/serializer.test.ts',
  'server/src/plugins/session-cache.test.ts',
  'server/src/plugins/compression-and-caching.test.ts',
  'server/src/plugins/request-id.test.ts',
  'server/src/plugins/metrics.test.ts',
  'server/src/security/route-fuzz.test.ts',
  'server/src/security/token-scope-spellings.test.ts',
  'server/src/security/transport.test.ts',
  'server/src/security/auth-events.test.ts',
  'server/src/routes/scoring/stranding.test.ts',
  'server/src/ops/**',
];

// The adapter and server suites share one module graph per worker (isolate: false): every file imports the whole
// server, which costs more than most of its tests; each file still opens its own database and app. The browser
// journeys run two files at a time (each its own portal and Chromium): a journey waits on its browser about half the
// time.
// One project per tier (ARCHITECTURE.md "Tests"). Workers are bounded: the machine has two cores,
// and every database test file starts one PGlite instance of its own.
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { test: { name: 'core', include: ['core/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'tooling', include: ['test/lint/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      { test: { name: 'adapters', isolate: false, include: ['adapters/src/**/*.test.ts', 'migrations/src/**/*.test.ts'], environment: 'node', globalSetup: ['test/support/pglite-setup.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      { test: { name: 'server', isolate: false, include: ['server/src/**/*.test.ts', 'test/client/**/*.test.ts'], environment: 'node', globalSetup: ['test/support/pglite-setup.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      // The same route suite on PostgreSQL, each file on a database of its own; defined only with TEST_DATABASE_URL.
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { name: 'server-pg', isolate: false, include: ['server/src/**/*.test.ts'], exclude: SAME_ON_ANY_DATABASE, environment: 'node' as const, testTimeout: 30_000, hookTimeout: 60_000, env: { HARNESS_DATABASE: 'postgres' } } }]
        : []),
      // Component tests render whole screens in happy-dom: a few seconds each on a loaded two-core machine.
      { test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 20_000 } },
      // A journey through several roles (review: 16 answers reviewed, evidence asked, uploaded, resubmitted, evaluated)
      // takes 50 s alone and went past 90 s with another journey beside it on a slow night: 180 s, as the hooks.
      { test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], environment: 'node', globalSetup: ['test/support/e2e-setup.ts'], testTimeout: 180_000, hookTimeout: 180_000 } },
    ],
  },
});
