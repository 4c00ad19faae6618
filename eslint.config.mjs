import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB = 'apps/web/src';
const features = readdirSync(new URL(`./${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Import boundaries of the web app (bulletproof-react): shared code (components, lib, config,
 * locales, testing, and the service worker) → features → app. A feature never imports another
 * feature or the app shell.
 */
const boundaries = [
  {
    files: [`${WEB}/{components,lib,config,locales,testing,sw}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features/*', '@/app/*'], message: 'Shared code may not import features or the app shell.' }] },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`${WEB}/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`, '@/app/*', '../../*/**', '!../../{api,components,routes,utils,hooks}/**'],
              message: `Features do not import each other or the app shell: move what "${feature}" shares to components/ or lib/.`,
            },
          ],
        },
      ],
    },
  })),
];

const API = 'apps/mock-api/src';
/** Prisma's model and input types name the rows the layers hand each other; only repositories run queries. */
const prismaTypesOnly = { name: '@prisma/client', allowTypeImports: true, message: 'Only repositories query the database: take a repository.' };
const dbTypeOnly = {
  group: ['**/db/client', '@carpool/seed/sqlite', 'libsql', '@libsql/*'],
  allowTypeImports: true,
  message: 'Only repositories (and the read model) hold a database connection: take a repository.',
};

/**
 * Layers of the mock API: routes → services → repositories and transformers → the database.
 * Services never query the database; repositories import no layer above them; routes reach
 * everything below through services. Tests are outside the rule (they set up rows directly).
 */
const apiLayers = [
  {
    files: [`${API}/services/**/*.ts`],
    ignores: [`${API}/**/*.test.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [prismaTypesOnly], patterns: [dbTypeOnly] }],
    },
  },
  {
    files: [`${API}/repositories/**/*.ts`],
    ignores: [`${API}/**/*.test.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/services/*', '**/transformers/*'], message: 'Repositories import no layer above them: move what they share down.' }] },
      ],
    },
  },
  {
    files: [`${API}/routes/**/*.ts`],
    ignores: [`${API}/**/*.test.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [prismaTypesOnly],
          patterns: [dbTypeOnly, { group: ['**/repositories/*', '**/transformers/*'], message: 'Routes call services, which own repositories and wire mappers.' }],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/var/**', '**/node_modules/**', '**/coverage/**', 'playwright-report/**', 'test-results/**', '**/pacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  ...boundaries,
  ...apiLayers,
);
