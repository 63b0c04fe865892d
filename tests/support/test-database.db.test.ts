import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

type Rows = { rows: Record<string, unknown>[] };

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

describe('a test database', () => {
  it('answers a deeply nested statement, and the next one after it', async () => {
    // PGlite in the test's own thread (ROOST_PGLITE_THREAD=main) fails this: 3,500 terms
    // overflowed V8's stack there inside PGlite, which answered nothing (or 'unnamed prepared
    // statement does not exist') instead of an error. Test databases run on PGlite's thread.
    const terms = Array.from({ length: 4000 }, () => '1').join(' + ');
    const deep = (await database.db.execute(sql.raw(`select ${terms} as total`))) as Rows;
    expect(Number(deep.rows[0]?.total)).toBe(4000);
    const next = (await database.db.execute(sql`select 42 as answer`)) as Rows;
    expect(Number(next.rows[0]?.answer)).toBe(42);
  });
});
