import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (ARCHITECTURE.md): the marketplace reaches identity only through the Cognito
 * protocol, identity knows no marketplace code, and browser-side modules never import
 * server-only code (`*.server.ts`, `server/`, `identity/`, `db/`) except for types.
 */
const restrict = (patterns) => [
  'error',
  { patterns: patterns.map((p) => ({ ...p, allowTypeImports: p.allowTypeImports ?? true })) },
];

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
    files: ['server/**/*.ts', 'db/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict([
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
    files: ['identity/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict([
        {
          group: ['**/server/**', '**/app/**'],
          message:
            'Identity knows no marketplace or web code; it shares only the database connection.',
          allowTypeImports: false,
        },
      ]),
    },
  },
  {
    files: ['app/components/**', 'app/features/**', 'app/store/**', 'app/lib/**', 'app/root.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict([
        {
          group: [
            '*.server',
            '*.server.ts',
            '**/*.server',
            '**/*.server.ts',
            '**/server/**',
            '**/identity/**',
            '**/db/**',
          ],
          message: 'Browser-side modules may import server code only as types.',
        },
      ]),
    },
  },
);
