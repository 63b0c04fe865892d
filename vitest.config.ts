import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Unit tests (`*.test.ts`) run once. Database tests (`*.db.test.ts`) run on PGlite, and again
 * on PostgreSQL when TEST_DATABASE_URL is set: the same files, each in its own database.
 */
const databaseTests = ['**/*.db.test.ts'];
// tests/scale runs alone (`npm run test:scale`): it starts several servers and needs PostgreSQL.
const exclude = ['node_modules/**', 'build/**', 'tests/e2e/**', 'tests/scale/**', 'data/**'];
/**
 * Suites that start the built server and check what it answers over HTTP, whatever its engine:
 * with a PostgreSQL server they run on it alone, since the built server on PGlite is already
 * exercised by the end-to-end, crash, fuzz and load suites and by the lifecycle test.
 */
const builtServerHttpTests = [
  'tests/integration/security-headers.db.test.ts',
  'tests/integration/built-actions.db.test.ts',
];

/** Several instances on one database: PostgreSQL only (PGlite allows one per data directory). */
const postgresOnlyTests = ['tests/integration/cross-instance-changes.db.test.ts'];

/**
 * Unit files that replace modules, globals, timers or environment variables: each runs in a fresh
 * module graph, so what it replaces cannot reach another file. Found by reading the files, so a
 * new test that mocks is isolated without being listed anywhere.
 */
const REPLACES_SHARED_STATE =
  /\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers)\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env/;
const SOURCE_ROOTS = ['app', 'db', 'domain', 'identity', 'limits', 'scripts', 'server', 'tests'];
const isolatedUnitFiles = SOURCE_ROOTS.filter((root) => fs.existsSync(root))
  .flatMap((root) =>
    fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).map((file) => `${root}/${file}`),
  )
  .filter((file) => /\.test\.tsx?$/.test(file) && !file.endsWith('.db.test.ts'))
  .filter((file) => REPLACES_SHARED_STATE.test(fs.readFileSync(file, 'utf8')));

const databaseProject = (name: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: databaseTests,
    exclude:
      name === 'postgres'
        ? exclude
        : [
            ...exclude,
            ...postgresOnlyTests,
            ...(process.env.TEST_DATABASE_URL ? builtServerHttpTests : []),
          ],
    env: { ROOST_TEST_DB: name },
    globalSetup: [`tests/support/${name}-template.ts`],
    // One module graph per worker, not per file: importing the server's modules again for every
    // file cost more than most files' tests (PostgreSQL project 145 s → 80 s, 27 November).
    // Nothing here sets environment variables, and files restore what they stub or spy on.
    isolate: false,
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
          exclude: [...exclude, ...databaseTests, ...isolatedUnitFiles],
          // One module graph per worker, as the database projects: importing the modules again
          // for every file cost more than many files' tests.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: isolatedUnitFiles, exclude },
      },
      databaseProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [databaseProject('postgres')] : []),
    ],
  },
});
