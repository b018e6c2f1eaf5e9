import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';

// What each web feature offers the others on purpose (README "Layout"): another feature imports only these
// modules of it; everything else of a feature is its own. A module added here is a decision, not a convenience.
export const FEATURE_EXPORTS = {
  answering: [
    'answering-api.ts', 'answering-paths.ts', 'answering-context.ts', 'answering-rights.ts', 'structure.ts', 'questionnaire-dialogs.tsx',
    'group-actions.tsx', 'object-questionnaire-bar.tsx', 'answering-tree.tsx', 'question-details.tsx', 'answering-panels.tsx',
    'documents-panel.tsx', 'answer-input.tsx', 'test-questionnaire.ts', 'outlier-flags.tsx',
  ],
  assets: ['assets-api.ts', 'object-paths.ts', 'locale-number.ts', 'object-form.ts', 'asset-class-rows.tsx', 'asset-labels.ts', 'asset-tabs.tsx'],
  'object-groups': ['group-review.tsx', 'object-group-form.ts'],
  certificates: ['certificate-links.tsx', 'certificate-paths.ts'],
  review: ['review-api.ts', 'review-facts.ts', 'internal-check.tsx', 'audit-log.tsx', 'owner-review.tsx', 'test-review.ts'],
  scoring: ['scoring-api.ts', 'score-display.tsx', 'results-paths.ts', 'results-stranding-chart.tsx', 'test-scores.ts', 'data-quality-card.tsx'],
  questionnaires: ['lock-heartbeat.ts'],
  accounts: ['account-tabs.tsx'],
  imports: ['imports-api.ts', 'import-file-field.tsx', 'import-preview-table.tsx', 'import-history.tsx'],
};
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const featureExportsRegex = `^\\.\\./(?!\\.|(${Object.entries(FEATURE_EXPORTS)
  .map(([feature, modules]) => `${feature}/(${modules.map(escape).join('|')})$`)
  .join('|')}))[^/]+/`;
const webPatterns = [
  { group: ['@ecore/adapters', '@ecore/adapters/*', '@ecore/server', '@ecore/server/*', '@ecore/migrations', '@ecore/migrations/*'], message: 'web imports core rules, never adapters, server or migrations.' },
  { group: ['node:*', 'pg', 'kysely', 'fastify', '@fastify/*'], message: 'web runs in the browser.' },
];

// The dependency rule of ARCHITECTURE.md, checked by the linter rather than by hope:
// core imports only zod and fp-ts (and node:test-free pure code); web never imports adapters or server.
const coreAllowed = ['zod', 'fp-ts', 'fast-check', 'vitest'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.d.ts', '.stryker-tmp/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'off',
    },
  },
  {
    // The dependency rule by where a file lies, so that relative paths that leave a package
    // ('../../../adapters/…') and dynamic import() are refused like package imports.
    files: ['core/src/**/*.ts', 'web/src/**/*.{ts,tsx}', 'adapters/src/**/*.ts', 'migrations/src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './core', from: ['./adapters', './server', './web', './migrations', './test'], message: 'core is pure: it imports nothing of the other packages.' },
            { target: './web', from: ['./adapters', './server', './migrations'], message: 'web imports core rules, never adapters, server or migrations.' },
            { target: './adapters', from: ['./server', './web'], message: 'adapters do not depend on the server or the client.' },
            { target: './migrations', from: ['./core', './adapters', './server', './web'], except: [], message: 'migrations never import application code.' },
          ],
        },
      ],
    },
  },
  {
    files: ['core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?!(${coreAllowed.join('|')})(/|$)|\\.{1,2}/)`,
              message: 'core is pure: it imports only zod and fp-ts (tests also fast-check and vitest) and its own files.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'core does no I/O' }, { name: 'process', message: 'core reads no environment' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'core takes time as an argument' },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'core takes time as an argument' },
        { selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']", message: 'core takes randomness as an argument' },
        { selector: 'ImportExpression', message: 'core imports statically, so that the dependency rule sees every import' },
        // Core's test files share one module graph per worker (vitest.config.ts, isolate: false): nothing may change it.
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|stubGlobal|stubEnv|useFakeTimers|spyOn|resetModules)$/]",
          message: 'core tests are pure: no module mocks, stubs, spies or fake timers (their files share one module graph)',
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: webPatterns }],
    },
  },
  {
    // Features import each other only through what a feature offers on purpose (FEATURE_EXPORTS above).
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...webPatterns, { regex: featureExportsRegex, message: 'a feature imports another only through what that feature offers on purpose (FEATURE_EXPORTS in eslint.config.js).' }] },
      ],
    },
  },
  {
    files: ['adapters/src/**/*.ts', 'migrations/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@ecore/server', '@ecore/server/*', '@ecore/web', '@ecore/web/*'], message: 'adapters do not depend on the server or the client.' }] }],
    },
  },
  {
    files: ['migrations/src/**/*.ts'],
    ignores: ['migrations/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@ecore/*'], message: 'migrations never import application code.' }] }],
    },
  },
);
