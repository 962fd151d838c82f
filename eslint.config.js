import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const frontEnds = ['shell', 'mfe-search', 'mfe-listings', 'mfe-seller', 'mfe-messaging', 'mfe-account'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/coverage/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.tsx', 'shared/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Micro-frontends meet only through the shell and @carmarket/shared; and they import the shared
    // package only through its browser entry points so each shared module exists once per page.
    files: frontEnds.map((dir) => `${dir}/src/**/*.{ts,tsx}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/mfe-*/**', '@carmarket/mfe-*', '@carmarket/shell*'],
              message: 'Remotes never import each other.',
            },
            {
              group: [
                '@carmarket/shared/*',
                '!@carmarket/shared/schemas',
                '!@carmarket/shared/ui',
                '!@carmarket/shared/router',
                '!@carmarket/shared/standalone',
              ],
              message:
                'Import from @carmarket/shared, @carmarket/shared/schemas, @carmarket/shared/ui, @carmarket/shared/router or (standalone pages) @carmarket/shared/standalone only.',
            },
            {
              group: ['react-router', 'react-router/*', 'react-router-dom'],
              message: 'Import the router from @carmarket/shared/router: it is the one shared copy.',
            },
          ],
        },
      ],
    },
  },
);
