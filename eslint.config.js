// Conventions a tool checks do not drift: typescript-eslint's recommended rules.
// (eslint-plugin-import-x's no-cycle was tried and dropped: its native resolver's
// per-platform packages leave npm 11's lock file out of sync, which breaks `npm ci`.)
import tseslint from 'typescript-eslint';

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
);
