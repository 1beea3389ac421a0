import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { localPlugin } from './scripts/eslint-no-import-cycle.mjs';

/**
 * Imports run one way: page -> storefront/ (entry) -> widgets/ -> analytics/ -> runtime/ ->
 * contract/; template/ imports contract/ only; server-mock/ imports contract/, the engine through
 * its entry `template/index` (never `template/plugins/`) and demo-pages/'s JSON data; demo-pages/
 * holds no code. Tests may also import their test support (testing/, server-mock's own
 * server-mock/testing/) and build/ (Node code of the build, which may read them all); shipped code
 * never does (the block below). Each folder lists the folders it must never import from.
 */
const FORBIDDEN = {
  contract: [
    'runtime',
    'widgets',
    'analytics',
    'storefront',
    'template',
    'server-mock',
    'demo-pages',
    'testing',
    'build',
  ],
  runtime: ['widgets', 'analytics', 'storefront', 'template', 'server-mock', 'demo-pages'],
  analytics: ['widgets', 'storefront', 'template', 'server-mock', 'demo-pages'],
  widgets: ['storefront', 'template', 'server-mock', 'demo-pages'],
  template: ['runtime', 'widgets', 'analytics', 'storefront', 'server-mock', 'demo-pages'],
  'server-mock': ['runtime', 'widgets', 'analytics', 'storefront', 'template/plugins', 'testing'],
  testing: ['storefront', 'server-mock', 'build'],
};

const zones = Object.entries(FORBIDDEN).map(([target, from]) => ({
  target: `./${target}`,
  from: from.map((folder) => `./${folder}`),
  message: `${target}/ must not import from there: imports run page -> storefront -> widgets -> analytics -> runtime -> contract (see docs/architecture.md).`,
}));

export default tseslint.config(
  { ignores: ['dist/', '.bench/', '.data/', '.test-results/', 'test-results/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The same import direction and no cycles for TypeScript and for the .mjs build code.
    files: ['**/*.{ts,tsx,mjs}'],
    plugins: { 'import-x': importX, local: localPlugin },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'local/no-import-cycle': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Test support (testing/, server-mock/testing/) and the build's Node code (build/) are for tests
    // and the build: shipped code never imports them.
    files: ['{runtime,analytics,widgets,storefront,template,server-mock}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)testing(/|$)', message: 'testing/ is test support: only tests import it.' },
            { regex: '(^|/)build(/|$)', message: "build/ is the build's Node code: shipped code never imports it." },
          ],
        },
      ],
    },
  },
  {
    // Shipped code reads shoppers', owners' and templates' text with these: no pattern may take
    // more than linear time on any input (ReDoS), whether by backtracking or by retrying from each
    // start position. server-mock/redos.test.ts times the worst cases of those that read requests.
    files: ['{contract,runtime,widgets,analytics,storefront,template,server-mock}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': ['error', { report: 'potential', ignorePartial: false }],
    },
  },
  {
    // The contract is plain data and pure functions: no packages, nothing outside contract/.
    files: ['contract/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\.{1,2}/)', message: 'contract/ imports nothing but its own files.' }] },
      ],
    },
  },
  {
    files: ['demo-pages/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program',
          message: 'demo-pages/ holds templates, CSS and seed data only: code goes in server-mock/pages/.',
        },
      ],
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
