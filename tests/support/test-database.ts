import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, pgliteThread, type DatabaseHandle } from '../../db/client.ts';
import { onTestServer, testServerUrl } from './postgres-template.ts';

/**
 * Which engine this test run uses. Vitest runs every database test file once per engine:
 * the `pglite` project always, the `postgres` project when TEST_DATABASE_URL is set.
 */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.ROOST_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export interface TestDatabase extends DatabaseHandle {
  /** Closes and, on PostgreSQL, drops the per-test-file database. */
  destroy(): Promise<void>;
}

/**
 * A freshly migrated, isolated database: in-memory PGlite (a copy of the run's template), or a new database created on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again by `destroy`).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'pglite') {
    // The run's migrated template (tests/support/pglite-template.ts), already migrated.
    const template = inject('pgliteTemplate');
    const handle = await openDatabase({
      kind: 'pglite',
      loadDataDir: new Blob([fs.readFileSync(template)]),
      // On its own thread, as the server runs it: with the 64 MB stack given there, not the
      // ~1 MB of the test's thread, where a deep statement overflowed inside PGlite's
      // WebAssembly, answered nothing and at worst left the backend spinning for ever (place
      // searches hung test runs on a busy machine; docs/testing.md). A stuck thread is also
      // ended by the stall watch, failing the test instead of holding the run.
      // `ROOST_PGLITE_THREAD=main` keeps it in the test's thread, to compare.
      thread: pgliteThread('worker'),
    });
    return { ...handle, destroy: () => handle.close() };
  }
  // A copy of the run's migrated template (tests/support/postgres-template.ts).
  const copy = await createPostgresDatabase(inject('postgresTemplate'));
  const handle = await openDatabase({ kind: 'postgres', url: copy.url, poolSize: 4 });
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      await copy.drop();
    },
  };
}

/**
 * A new database on the TEST_DATABASE_URL server: empty (for a process to migrate itself),
 * or a copy of `template`.
 */
export async function createPostgresDatabase(template?: string): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  if (!process.env.TEST_DATABASE_URL) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const name = `roost_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onTestServer(`create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    url: testServerUrl(name),
    drop: () => onTestServer(`drop database if exists ${name} with (force)`),
  };
}
