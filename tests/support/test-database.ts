import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
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
    });
    return { ...handle, destroy: () => handle.close() };
  }
  const empty = await createEmptyPostgresDatabase();
  const handle = await openDatabase({ kind: 'postgres', url: empty.url, poolSize: 4 });
  await migrateDatabase(handle);
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      await empty.drop();
    },
  };
}

/** A new, empty database on the TEST_DATABASE_URL server, e.g. for a process to migrate itself. */
export async function createEmptyPostgresDatabase(): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const name = `roost_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
