import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports that would tangle the layers: the console and the server meet only in shared/. */
const forbidden = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
/** Why the console takes only types from zod and shared/contract/ (every module there builds zod schemas). */
const ZOD_IN_CONSOLE =
  'A value from zod or shared/contract/ puts zod (about 28 KB gzip) in the console’s chunks and can push /auth past its 150 KB budget: import types only (`import type`), and plain constants from shared/catalogue/.';

export default tseslint.config(
  { ignores: ['dist', 'dist-server', '.e2e-dist', 'node_modules', 'data', 'test-results', 'playwright-report', '.test-reports'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/components/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      ...forbidden([{ group: ['**/server/**'], message: 'The console reaches the server over HTTP only; share code through shared/.' }]),
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: ZOD_IN_CONSOLE, allowTypeImports: true }],
          patterns: [{ group: ['zod/*', '**/shared/contract/**'], message: ZOD_IN_CONSOLE, allowTypeImports: true }],
        },
      ],
    },
  },
  { files: ['shared/**/*.ts'], rules: forbidden([{ group: ['**/server/**', '**/src/**'], message: 'shared/ depends on neither half.' }]) },
  { files: ['server/**/*.ts'], rules: forbidden([{ group: ['**/src/**'], message: 'The server does not import the console; share code through shared/.' }]) },
  {
    files: ['server/routes/**/*.ts'],
    rules: forbidden([{ group: ['**/plugins/**'], message: 'Routes use lib/ helpers and the decorations plugins add, never a plugin module.' }]),
  },
  { files: ['server/plugins/**/*.ts'], rules: forbidden([{ group: ['**/routes/**'], message: 'Plugins do not depend on routes.' }]) },
);
