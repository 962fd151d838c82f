import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import sharedSetupInOneWorker from './e2e/lint/shared-setup-in-one-worker.js';

const frontEnds = ['shell', 'mfe-search', 'mfe-listings', 'mfe-seller', 'mfe-messaging', 'mfe-account'];

const subfolders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// A feature folder is private to itself: another feature reaches it only through its index.ts.
const featureZones = frontEnds.flatMap((app) => {
  const featuresDir = `${app}/src/features`;
  let features;
  try {
    features = subfolders(`./${featuresDir}/`);
  } catch {
    return [];
  }
  return features.flatMap((feature) =>
    features
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `./${featuresDir}/${feature}`,
        from: `./${featuresDir}/${other}`,
        except: ['./index.ts'],
        message: `Features do not reach into each other: import what "${other}" offers from its index.ts.`,
      })),
  );
});

// The API's layers (docs/architecture.md): http/ is a leaf library (errors, envelope, pagination,
// authentication) that knows no domain; repositories know SQL, not HTTP; the composition root is
// src/app.ts.
const apiZones = [
  {
    target: './api/src/modules/**/*.repository.ts',
    from: './api/src/http',
    message: 'Repositories never know HTTP: take plain values (see db/paging.ts), throw nothing HTTP-shaped.',
  },
  {
    target: './api/src/http',
    from: [
      './api/src/modules',
      './api/src/realtime',
      './api/src/storage',
      './api/src/site',
      './api/src/db',
      './api/src/mail',
      './api/src/seed',
      './api/src/app.ts',
    ],
    message: 'http/ is a leaf library: it knows no domain module. Wire things together in src/app.ts.',
  },
  {
    target: './api/src/storage',
    from: './api/src/site',
    message: 'Storage does not depend on the static-site module.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-standalone/**',
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
    // No import cycles in the packages' sources, and the zones above.
    files: ['{api,shared,shell,mfe-*}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'api/src/test/**'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the plugin skips TypeScript files when it follows imports, so sees no cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'shared/tsconfig.json',
            'api/tsconfig.json',
            ...frontEnds.map((dir) => `${dir}/tsconfig.json`),
          ],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...apiZones, ...featureZones] }],
    },
  },
  {
    files: ['e2e/tests/**/*.ts'],
    plugins: { e2e: { rules: { 'shared-setup-in-one-worker': sharedSetupInOneWorker } } },
    rules: { 'e2e/shared-setup-in-one-worker': 'error' },
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
                '!@carmarket/shared/safety',
                '!@carmarket/shared/standalone',
              ],
              message:
                'Import from @carmarket/shared, @carmarket/shared/schemas, @carmarket/shared/ui, @carmarket/shared/router, @carmarket/shared/safety or (standalone pages) @carmarket/shared/standalone only.',
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
