// Conventions a tool checks do not drift: typescript-eslint's recommended rules, and the
// architecture's boundaries (eslint-plugin-boundaries; decision 0004 says why this plugin
// and not import-x).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import portal from './scripts/eslint/table-ownership.js';

const resolver = path.join(path.dirname(fileURLToPath(import.meta.url)), 'scripts/eslint/ts-resolver.cjs');

/**
 * What each part of the tree is. First match wins, so the narrow patterns come first.
 * Tests and benches are no element: they may import anything (see `boundaries/ignore`).
 */
const elements = [
  { type: 'contracts', pattern: 'packages/contracts/src', partialMatch: false },
  // Server: shared code (no feature knowledge), features, and the entry files that compose them.
  { type: 'server-shared', pattern: 'apps/server/src/{lib,plugins,db}', partialMatch: false },
  {
    type: 'server-feature',
    pattern: 'apps/server/src/features/*',
    partialMatch: false,
    capture: ['feature'],
  },
  { type: 'server-app', pattern: 'apps/server/src', partialMatch: false },
  // Web: shared building blocks, features, and the app shell (router, store, layout).
  { type: 'web-shared', pattern: 'apps/web/src/{lib,components}', partialMatch: false },
  { type: 'web-feature', pattern: 'apps/web/src/features/*', partialMatch: false, capture: ['feature'] },
  { type: 'web-app', pattern: 'apps/web/src', partialMatch: false },
  // The desktop agent runs on staff machines: it speaks to the server only over the wire.
  { type: 'agent', pattern: 'apps/agent/src', partialMatch: false },
];

const is = (type) => ({ element: { type } });
/** Another feature of the same app, through its public surface (`index.ts`) only. */
const publicSurfaceOf = (type) => ({ element: { type, fileInternalPath: 'index.ts' } });
/** Any file of the importing feature itself. */
const sameFeature = (type) => ({ element: { type, captured: { feature: '{{ from.element.captured.feature }}' } } });

const boundaryPolicies = [
  { from: is('contracts'), allow: { to: is('contracts') } },
  { from: is('server-shared'), allow: { to: [is('server-shared'), is('contracts')] } },
  {
    from: is('server-feature'),
    allow: {
      to: [sameFeature('server-feature'), publicSurfaceOf('server-feature'), is('server-shared'), is('contracts')],
    },
  },
  {
    from: is('server-app'),
    allow: { to: [is('server-app'), is('server-feature'), is('server-shared'), is('contracts')] },
  },
  { from: is('web-shared'), allow: { to: [is('web-shared'), is('contracts')] } },
  {
    from: is('web-feature'),
    allow: { to: [sameFeature('web-feature'), publicSurfaceOf('web-feature'), is('web-shared'), is('contracts')] },
  },
  { from: is('web-app'), allow: { to: [is('web-app'), is('web-feature'), is('web-shared'), is('contracts')] } },
  { from: is('agent'), allow: { to: [is('agent'), is('contracts')] } },
];

const ONLY_REPOSITORIES = 'Only *.repository.ts files (and db/) touch SQL: move the query into a repository.';
/**
 * Only repositories speak SQL: Kysely (its `sql` tag, its builders) is imported nowhere
 * else (types are fine), and no query builder is started on a handle outside them.
 */
const onlyRepositoriesQuery = {
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      paths: [{ name: 'kysely', message: ONLY_REPOSITORIES, allowTypeImports: true }],
      patterns: [{ group: ['kysely/*'], message: ONLY_REPOSITORIES, allowTypeImports: true }],
    },
  ],
  'no-restricted-syntax': [
    'error',
    {
      selector:
        'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|executeQuery|selectNoFrom)$/]',
      message: ONLY_REPOSITORIES,
    },
  ],
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off', // tests parse JSON bodies; contracts type the app
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // The import resolver is loaded with require() by eslint-module-utils: CommonJS.
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', exports: 'writable', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { [resolver]: {} },
      'boundaries/elements': elements,
      // Tests, test helpers and benches may reach anything they exercise.
      'boundaries/ignore': [
        '**/*.test.{ts,tsx}',
        'apps/server/test/**',
        'apps/server/bench/**',
        'apps/web/src/test/**',
        '**/*.d.ts',
      ],
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: boundaryPolicies }],
    },
  },
  {
    // Hooks in the same order on every render, and effects and memos that name what they
    // read (a stale value is a bug nobody sees in a test). Only these two of the plugin's
    // rules: the React Compiler's checks assume a compiler this app does not use.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/**', '**/*.repository.ts', '**/*.test.ts'],
    rules: onlyRepositoriesQuery,
  },
  {
    // A repository queries only its own feature's tables (db/table-owners.ts says whose).
    files: ['apps/server/src/features/**/*.repository.ts', 'apps/server/src/lib/**/*.repository.ts'],
    plugins: { portal },
    rules: { 'portal/own-tables': 'error' },
  },
  {
    // Every contract string starts from ZText (no NUL, no lone surrogate): see common/text.ts.
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['packages/contracts/src/common/text.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: 'Start contract strings from ZText (common/text.ts), which refuses NUL and lone surrogates.',
        },
      ],
    },
  },
);
