import { defineConfig } from 'vitest/config';

/**
 * Unit tests (`*.test.ts`) run once. Database tests (`*.db.test.ts`) run on PGlite, and again
 * on PostgreSQL when TEST_DATABASE_URL is set: the same files, each in its own database.
 */
const databaseTests = ['**/*.db.test.ts'];
const exclude = ['node_modules/**', 'build/**', 'tests/e2e/**', 'data/**'];

const databaseProject = (name: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: databaseTests,
    exclude,
    env: { ROOST_TEST_DB: name },
    ...(name === 'pglite' ? { globalSetup: ['tests/support/pglite-template.ts'] } : {}),
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['**/*.test.ts', '**/*.test.tsx'],
          exclude: [...exclude, ...databaseTests],
        },
      },
      databaseProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [databaseProject('postgres')] : []),
    ],
  },
});
