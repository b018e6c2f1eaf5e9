import { defineConfig } from 'vitest/config';

// `npm run mutation`: Stryker mutates core and runs only core's tests against each mutant.
export default defineConfig({
  test: { include: ['core/src/**/*.test.ts'], environment: 'node', pool: 'forks', maxWorkers: 1 },
});
