import js from '@eslint/js';
import drizzle from 'eslint-plugin-drizzle';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (ARCHITECTURE.md, docs/decisions/006): the shared rules in `domain/` import
 * no part of Roost; the marketplace, the database and identity never import the web app; the
 * marketplace reaches identity only through the Cognito protocol, identity knows no marketplace
 * code; `db/` imports no other part of Roost and `limits/` only `db/`; browser-side modules never import server-only code (`*.server.ts`, `server/`,
 * `identity/`, `db/`) except for types; shared components never import features.
 */
const restrict = (patterns) => [
  'error',
  { patterns: patterns.map((p) => ({ ...p, allowTypeImports: p.allowTypeImports ?? true })) },
];

const serverOnlyCode = {
  group: [
    '*.server',
    '*.server.ts',
    '**/*.server',
    '**/*.server.ts',
    '**/server/**',
    '**/identity/**',
    '**/db/**',
    '**/limits/**',
  ],
  message: 'Browser-side modules may import server code only as types.',
};

const noWebApp = {
  group: ['**/app/**', '~/*', '~/**'],
  message:
    'The web app depends on the marketplace, never the reverse: shared rules live in domain/.',
  allowTypeImports: false,
};

export default tseslint.config(
  {
    ignores: [
      'build/',
      '.react-router/',
      'data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'tmp/',
      '.scratch/',
      'db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['server/**/*.ts', 'db/**/*.ts', 'identity/**/*.ts', 'limits/**/*.ts'],
    plugins: { drizzle },
    rules: {
      // A delete or update without a where clause changes every row.
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict([
        {
          group: [
            '**/app/**',
            '~/*',
            '~/**',
            '@domain/**',
            '**/server/**',
            '**/identity/**',
            '**/db/**',
          ],
          message:
            'domain/ holds the rules both sides share: it imports libraries only, and itself by relative path.',
          allowTypeImports: false,
        },
      ]),
    },
  },
  {
    files: ['server/**/*.ts', 'db/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict([
        noWebApp,
        {
          group: ['**/identity/**', '!**/identity/public', '!**/identity/public.ts'],
          message:
            'The marketplace talks to identity through the Cognito protocol, not its internals.',
          allowTypeImports: false,
        },
      ]),
    },
  },
  {
    files: ['db/**/*.{ts,js}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict([
        {
          group: [
            '**/app/**',
            '~/*',
            '~/**',
            '**/server/**',
            '**/identity/**',
            '**/domain/**',
            '@domain/**',
            '**/scripts/**',
            '**/tests/**',
          ],
          message:
            'db/ is the lowest layer (the client and the SQL migrations): what fills the database lives beside its area and is called by start-up.',
          allowTypeImports: false,
        },
      ]),
    },
  },
  {
    files: ['limits/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict([
        {
          group: [
            '**/app/**',
            '~/*',
            '~/**',
            '**/server/**',
            '**/identity/**',
            '**/domain/**',
            '@domain/**',
            '**/scripts/**',
            '**/tests/**',
          ],
          message:
            'limits/ sits just above db/: identity and the marketplace both use it, so it may import only the database client.',
          allowTypeImports: false,
        },
      ]),
    },
  },
  {
    files: ['identity/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict([
        noWebApp,
        {
          group: ['**/server/**', '**/domain/**'],
          message:
            'Identity knows no marketplace or web code; it shares only the database connection.',
          allowTypeImports: false,
        },
      ]),
    },
  },
  {
    files: [
      'app/components/**',
      'app/layout/**',
      'app/features/**',
      'app/store/**',
      'app/lib/**',
      'app/root.tsx',
    ],
    // A feature's `*.server.ts` module runs only in loaders and actions (React Router keeps it out
    // of the browser bundle), so it may call server code.
    ignores: ['app/**/*.server.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict([serverOnlyCode]),
    },
  },
  {
    files: ['app/components/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict([
        serverOnlyCode,
        {
          group: ['~/features/**', '**/features/**', '~/layout/**', '~/routes/**'],
          message: 'Shared components know no feature: pass what they need as props.',
          allowTypeImports: false,
        },
      ]),
    },
  },
);
