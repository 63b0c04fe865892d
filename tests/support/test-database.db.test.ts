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
    // On PGlite in the test's own thread this needs the larger V8 stack vitest.config.ts gives
    // its workers: with Node's default, 3,500 terms overflow it inside PGlite, which answers
    // nothing (or 'unnamed prepared statement does not exist') instead of an error.
    const terms = Array.from({ length: 3500 }, () => '1').join(' + ');
    const deep = (await database.db.execute(sql.raw(`select ${terms} as total`))) as Rows;
    expect(Number(deep.rows[0]?.total)).toBe(3500);
    const next = (await database.db.execute(sql`select 42 as answer`)) as Rows;
    expect(Number(next.rows[0]?.answer)).toBe(42);
  });
});
