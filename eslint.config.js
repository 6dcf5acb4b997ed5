// One lint gate for the whole tree (`npm run lint`, part of `npm run check`): typescript-eslint's
// recommended rules plus the type-aware ones that catch bugs (a promise nobody awaits, a promise where
// a callback's result matters, a switch that misses a case, an object stringified as [object Object]),
// the house's import boundaries, and no import cycles. Type-aware rules that only judge style or the
// use of `any` in tests are left out on purpose. Formatting is Prettier's job (eslint-config-prettier
// turns off the rules that would fight it).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import spatia from './eslint/boundaries.js';
import { houseRules } from './eslint/house-rules.js';

const typeCheckedProjects = [
  './packages/contract/tsconfig.check.json',
  './packages/viewers/tsconfig.json',
  './apps/server/tsconfig.check.json',
  './apps/web/tsconfig.json',
  './e2e/tsconfig.json',
  './tsconfig.tools.json',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.artifacts/**',
      'bench/results/**',
      'apps/server/demo/**',
      '.cluster/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }] },
  },
  {
    // Screenshot scripts: Node code that hands functions to the page (Playwright's evaluate).
    files: ['packages/viewers/scripts/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['**/*.{ts,tsx,mts}'],
    extends: [tseslint.configs.recommended],
    languageOptions: {
      parserOptions: { project: typeCheckedProjects, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX, spatia },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: typeCheckedProjects })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-array-delete': 'error',
      '@typescript-eslint/no-base-to-string': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'spatia/boundaries': ['error', houseRules],
    },
  },
  {
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  prettier,
);
