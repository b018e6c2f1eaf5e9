import { defineConfig } from 'vitest/config';

// `npm run mutation`: Stryker mutates core and runs only core's tests against each mutant, in one worker that
// keeps modules loaded between test files (core is pure); properties are time-boxed (vitest.mutation.setup.ts).
export default defineConfig({
  test: { include: ['core/src/**/*.test.ts'], setupFiles: ['vitest.mutation.setup.ts'], isolate: false, environment: 'node', pool: 'forks', maxWorkers: 1 },
});
