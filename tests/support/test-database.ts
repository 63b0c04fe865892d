import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';

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
 * A freshly migrated, isolated database: in-memory PGlite, or a new database created on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again by `destroy`).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite' });
    await migrateDatabase(handle);
    return { ...handle, destroy: () => handle.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('ROOST_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `roost_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  await migrateDatabase(handle);
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
