import { sql, type SQL } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database, type DatabaseHandle } from './client.ts';
import { preparedStatements } from './pglite-prepared.js';

const rowsOf = async (db: Database, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

const boats = pgTable('boats', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  launched: timestamp('launched', { withTimezone: true, mode: 'string' }),
  crew: jsonb('crew'),
});

/** The texts PostgreSQL holds as named statements on the connection. */
const preparedTexts = async (db: Database) =>
  (
    await rowsOf(db, sql`select statement from pg_prepared_statements where name like 'roost_%'`)
  ).map((row) => String(row.statement));

// Statements used more than once are prepared under a name on the PGlite thread; they must answer
// exactly as PGlite's own `query` does.
describe('prepared statements on the PGlite thread', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite', thread: 'worker' });
    await handle.db.execute(
      sql`create table boats (id int primary key, name text not null, launched timestamptz, crew jsonb)`,
    );
  }, 60_000);
  afterAll(() => handle?.close());

  const boatsNamed = (name: string) => handle.db.select().from(boats).where(eq(boats.name, name));

  it('prepares a statement used again, and answers it the same each time', async () => {
    await handle.db.insert(boats).values([
      { id: 1, name: 'Kestrel', launched: '2026-11-27 09:30:00+00', crew: { skipper: 'Ann' } },
      { id: 2, name: 'Heron', launched: null, crew: null },
    ]);
    const answers = [];
    for (let use = 0; use < 4; use += 1) answers.push(await boatsNamed('Kestrel'));
    const expected = [
      { id: 1, name: 'Kestrel', launched: '2026-11-27 09:30:00+00', crew: { skipper: 'Ann' } },
    ];
    for (const answer of answers) expect(answer).toEqual(expected);
    expect(await boatsNamed('Heron')).toEqual([
      { id: 2, name: 'Heron', launched: null, crew: null },
    ]);
    const texts = await preparedTexts(handle.db);
    expect(texts.some((text) => text.includes('from "boats" where "boats"."name" = $1'))).toBe(
      true,
    );
  });

  it('sends parameters of every kind as PGlite would: nulls, JSON, arrays, dates', async () => {
    const upsert = (id: number, crew: unknown, launched: string | null) =>
      handle.db
        .insert(boats)
        .values({ id, name: `Boat ${id}`, crew, launched })
        .onConflictDoUpdate({ target: boats.id, set: { crew, launched } });
    for (const id of [10, 11, 12]) await upsert(id, { deck: [id, 'hand'] }, null);
    await upsert(12, null, '2026-01-02 03:04:05+00');
    const ids = [10, 11, 12];
    for (let use = 0; use < 3; use += 1) {
      const rows = await rowsOf(
        handle.db,
        sql`select id, crew, launched from boats where id = any(${sql.param(ids)}::int[]) order by id`,
      );
      expect(rows).toEqual([
        { id: 10, crew: { deck: [10, 'hand'] }, launched: null },
        { id: 11, crew: { deck: [11, 'hand'] }, launched: null },
        { id: 12, crew: null, launched: '2026-01-02 03:04:05+00' },
      ]);
    }
  });

  it('keeps an error’s code from a prepared statement, and the statement still works after', async () => {
    const insert = (id: number) => handle.db.insert(boats).values({ id, name: 'Twin' });
    await insert(20);
    await insert(21);
    const error = (await insert(20).then(
      () => undefined,
      (caught: unknown) => caught,
    )) as { cause?: Record<string, unknown> } | undefined;
    expect(error?.cause).toMatchObject({ code: '23505', constraint: 'boats_pkey' });
    await insert(22);
    expect(await boatsNamed('Twin')).toHaveLength(3);
  });

  it('runs prepared statements inside a transaction, and after one rolled back', async () => {
    await boatsNamed('Wren');
    const outcome = handle.db.transaction(async (tx) => {
      await tx.insert(boats).values({ id: 30, name: 'Wren' });
      expect(await tx.select().from(boats).where(eq(boats.name, 'Wren'))).toHaveLength(1);
      throw new Error('not this one');
    });
    await expect(outcome).rejects.toThrow('not this one');
    expect(await boatsNamed('Wren')).toEqual([]);
  });

  it('prepares again a statement whose table changed shape under it', async () => {
    const everything = sql`select * from boats where id = ${1}`;
    for (let use = 0; use < 3; use += 1) {
      expect(Object.keys((await rowsOf(handle.db, everything))[0]!)).toEqual([
        'id',
        'name',
        'launched',
        'crew',
      ]);
    }
    await handle.db.execute(sql`alter table boats add column berth text`);
    expect(Object.keys((await rowsOf(handle.db, everything))[0]!)).toEqual([
      'id',
      'name',
      'launched',
      'crew',
      'berth',
    ]);
  });
  it('prepares again a statement closed under it, and after a change of tables keeps transactions working', async () => {
    const byId = (db: Database, id: number) =>
      rowsOf(db, sql`select * from boats where id = ${id}`);
    for (let use = 0; use < 3; use += 1) expect(await byId(handle.db, 1)).toHaveLength(1);
    await handle.db.execute(sql`deallocate all`);
    expect(await byId(handle.db, 1)).toHaveLength(1);
    expect(await preparedTexts(handle.db)).toContain('select * from boats where id = $1');
    // Prepared before the change, used first inside a transaction after it.
    await handle.db.execute(sql`alter table boats add column mooring text`);
    const inside = await handle.db.transaction(async (tx) => byId(tx as unknown as Database, 1));
    expect(Object.keys(inside[0]!)).toContain('mooring');
  });
});

describe('the bound on prepared text', () => {
  it('prepares statements until their text reaches the bound, then runs the rest unprepared', async () => {
    const db = await PGlite.create();
    try {
      const short = 'select $1::int as n';
      const long = `select $1::int as n, '${'x'.repeat(200)}' as padding`;
      const statements = await preparedStatements(db, { maxPreparedText: short.length + 10 });
      const use = async (number: number, text: string) => {
        if (!statements.shouldPrepare(number, text)) return db.query(text, [number]);
        return statements.query(number, text, [number], undefined, { inTransaction: false });
      };
      for (let round = 0; round < 3; round += 1) {
        expect((await use(1, short)).rows).toEqual([{ n: 1 }]);
        expect((await use(2, long)).rows).toEqual([{ n: 2, padding: 'x'.repeat(200) }]);
      }
      const { rows } = await db.query<{ statement: string }>(
        'select statement from pg_prepared_statements',
      );
      expect(rows.map((row) => row.statement)).toEqual([short]);
    } finally {
      await db.close();
    }
  });
});
