// ESLint flat config. `npm run lint` allows zero warnings, so every rule here is effectively an error.
import fs from 'node:fs';
import path from 'node:path';

import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import formatjs from 'eslint-plugin-formatjs';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

// R15: a feature may import only from itself and from the shared layers (shared, i18n, config).
// One zone per feature folder, discovered from disk so a new feature is covered without editing this file.
const featuresDir = path.join(root, 'src/features');
const features = fs.existsSync(featuresDir)
  ? fs
      .readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];
const crossFeatureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: 'Features must not import each other; compose them in src/app or move the code to src/shared.',
}));
// Server data lives in queries, the client's own state in stores: the API layer (the client and every
// endpoint module) never reads a store. A store may import the API's types, not the other way round;
// the app shell wires the session and the toasts into the client (app/api-session.ts).
const apiStoreMessage =
  'The API layer must not import a store: keep server data in queries and pass what a request needs as arguments.';
const apiStoreZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}/api`,
    from: [`./src/features/${feature}/stores`, './src/shared/stores'],
    message: apiStoreMessage,
  })),
  { target: './src/shared/api', from: './src/shared/stores', message: apiStoreMessage },
];

export default defineConfig(
  {
    ignores: [
      'dist/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'public/mockServiceWorker.js',
    ],
  },
  {
    files: ['**/*.{js,ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    // The driver's page's service worker runs in a worker, not in Node.
    files: ['public/driver-sw.js'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['src/**/*.{ts,tsx}', '__mocks__/**/*.ts'],
    extends: [
      reactHooks.configs.flat['recommended-latest'],
      reactRefresh.configs.vite,
      jsxA11y.flatConfigs.recommended,
      formatjs.configs.recommended,
    ],
    plugins: { 'import-x': importX, 'check-file': checkFile },
    languageOptions: { globals: globals.browser },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.app.json' })],
    },
    rules: {
      // Every user-visible string goes through react-intl (R19).
      'formatjs/no-literal-string-in-jsx': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...crossFeatureZones,
            ...apiStoreZones,
            {
              target: './src/features',
              from: './src/app',
              message: 'Features must not depend on the app shell.',
            },
            {
              target: ['./src/shared', './src/i18n', './src/config'],
              from: ['./src/features', './src/app'],
              message: 'Shared layers must not depend on features or the app shell.',
            },
          ],
        },
      ],
      'import-x/no-cycle': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          pathGroups: [{ pattern: '@/**', group: 'internal' }],
          'newlines-between': 'always',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'check-file/filename-naming-convention': [
        'error',
        { 'src/**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**/*.{ts,tsx}', '__mocks__/**/*.ts'],
    rules: {
      // Tests and fixtures may hold literal text; they assert on what the user sees.
      'formatjs/no-literal-string-in-jsx': 'off',
      'react-refresh/only-export-components': 'off',
    },
  },
  {
    files: ['*.config.ts', 'e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
);
