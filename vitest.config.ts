import { defineConfig } from 'vitest/config';

// One project per tier (ARCHITECTURE.md "Tests"). Workers are bounded: the machine has two cores,
// and every database test file starts one PGlite instance of its own.
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { test: { name: 'core', include: ['core/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'tooling', include: ['test/lint/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      { test: { name: 'adapters', include: ['adapters/src/**/*.test.ts', 'migrations/src/**/*.test.ts'], environment: 'node', globalSetup: ['test/support/pglite-setup.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      { test: { name: 'server', include: ['server/src/**/*.test.ts'], environment: 'node', globalSetup: ['test/support/pglite-setup.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      // The same route suite on PostgreSQL, each file on a database of its own; defined only with TEST_DATABASE_URL.
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { name: 'server-pg', include: ['server/src/**/*.test.ts'], environment: 'node' as const, testTimeout: 30_000, hookTimeout: 60_000, env: { HARNESS_DATABASE: 'postgres' } } }]
        : []),
      { test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
      { test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], environment: 'node', globalSetup: ['test/support/e2e-setup.ts'], testTimeout: 90_000, hookTimeout: 180_000, fileParallelism: false } },
    ],
  },
});
