import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from './client.ts';
import { startPgliteThread, type PgliteThread, type PgliteThreadFailure } from './pglite-thread.ts';

const rowsOf = async (db: Database, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

// PGlite on a worker thread must behave as PGlite in one thread does, through Drizzle.
describe('PGlite on a worker thread', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite', thread: 'worker' });
    await handle.db.execute(
      sql`create table pets (id int primary key, name text not null, born timestamptz, traits jsonb)`,
    );
    await handle.db.execute(sql`create table pairs (id int primary key,
      partner int references pets (id) deferrable initially deferred)`);
  }, 60_000);
  afterAll(() => handle?.close());

  it('answers statements with their values as Drizzle expects them', async () => {
    await handle.db.execute(
      sql`insert into pets values (1, 'Rex', '2026-11-27 09:30:00+00', '{"good": true}')`,
    );
    const rows = await rowsOf(handle.db, sql`select * from pets where id = ${1}`);
    // Drizzle keeps timestamps as PostgreSQL's text and parses them itself.
    expect(rows).toEqual([
      { id: 1, name: 'Rex', born: '2026-11-27 09:30:00+00', traits: { good: true } },
    ]);
  });

  it('keeps a PostgreSQL error’s code and constraint', async () => {
    const error = await handle.db
      .execute(sql`insert into pets (id, name) values (1, 'Again')`)
      .catch((caught: Error & { cause?: Record<string, unknown> }) => caught);
    expect(error).toBeInstanceOf(Error);
    const cause = (error as { cause?: Record<string, unknown> }).cause;
    expect(cause).toMatchObject({ code: '23505', constraint: 'pets_pkey' });
    expect((cause as unknown as Error).message).toBe(
      'duplicate key value violates unique constraint "pets_pkey"',
    );
  });

  it('commits a transaction, nested savepoints included', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pets (id, name) values (2, 'Tibbles')`);
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into pets (id, name) values (3, 'Polly')`);
      });
      // A savepoint rolled back loses only its own statements.
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into pets (id, name) values (4, 'Lost')`);
          throw new Error('undo the savepoint');
        })
        .catch(() => undefined);
    });
    const rows = await rowsOf(handle.db, sql`select id from pets order by id`);
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it('rolls back a transaction whose work throws, and passes the error on', async () => {
    const outcome = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pets (id, name) values (5, 'Ghost')`);
      throw new Error('changed my mind');
    });
    await expect(outcome).rejects.toThrow('changed my mind');
    const rows = await rowsOf(handle.db, sql`select count(*)::int as n from pets where id = 5`);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('reports a failed COMMIT and keeps nothing of it', async () => {
    // The deferred foreign key is checked only at COMMIT.
    const outcome = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pairs values (1, 99)`);
    });
    await expect(outcome).rejects.toMatchObject({ code: '23503' });
    const rows = await rowsOf(handle.db, sql`select count(*)::int as n from pairs`);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('keeps other statements waiting until a transaction ends', async () => {
    const seen: string[] = [];
    let inserted!: () => void;
    const insertDone = new Promise<void>((resolve) => (inserted = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pets (id, name) values (6, 'Slow')`);
      inserted();
      await released;
      await tx.execute(sql`update pets set name = 'Slowcoach' where id = 6`);
      seen.push('committing');
    });
    // The read is sent while the transaction is open, before its next statement: run at once
    // on the one connection, it would see 'Slow'.
    await insertDone;
    const read = rowsOf(handle.db, sql`select name from pets where id = 6`).then((rows) =>
      seen.push(`read ${String(rows[0]?.name)}`),
    );
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await Promise.all([transaction, read]);
    expect(seen).toEqual(['committing', 'read Slowcoach']);
  });

  it('dumps the cluster for a copy to start from', async () => {
    const copy = await openDatabase({
      kind: 'pglite',
      thread: 'worker',
      loadDataDir: await handle.dump!(),
    });
    try {
      const rows = await rowsOf(copy.db, sql`select name from pets where id = 1`);
      expect(rows).toEqual([{ name: 'Rex' }]);
    } finally {
      await copy.close();
    }
  }, 60_000);

  it('refuses a query option it cannot carry across threads', async () => {
    const thread = await startPgliteThread({});
    try {
      await expect(
        thread.query('select 1', [], { parsers: { 25: (value) => value.toUpperCase() } }),
      ).rejects.toThrow('keeps type 25 as text only');
      expect((await thread.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
    } finally {
      await thread.close();
    }
    await expect(thread.query('select 1')).rejects.toThrow('The embedded database is closed.');
  }, 60_000);
});

describe('PGlite on a worker thread, on disk', () => {
  it('has written everything once closed, for the next start to find', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-pglite-thread-'));
    try {
      const first = await openDatabase({ kind: 'pglite', thread: 'worker', dataDir: dir });
      await first.db.execute(sql`create table notes (body text)`);
      // Sent but not awaited: closing must still wait for it (PGlite spins if closed
      // mid-statement, and the write must not be lost).
      const insert = first.db.execute(sql`insert into notes values ('kept')`).then(() => 'done');
      await first.close();
      expect(await insert).toBe('done');
      const second = await openDatabase({ kind: 'pglite', thread: 'worker', dataDir: dir });
      try {
        const rows = await rowsOf(second.db, sql`select body from notes`);
        expect(rows).toEqual([{ body: 'kept' }]);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

// PGlite can spin forever inside one statement (electric-sql/pglite#1058, #1068). A query that
// never ends stands in for that: the thread must be found stuck rather than hold every request.
const endless =
  'with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r';

describe('PGlite on a worker thread, watched', () => {
  let dir: string;
  let thread: PgliteThread;
  const reports: PgliteThreadFailure[] = [];
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-pglite-watched-'));
    thread = await startPgliteThread({
      dataDir: dir,
      stallMs: 2_000,
      onFailure: (report) => reports.push(report),
    });
    await thread.exec('create table notes (body text)');
  }, 60_000);
  afterAll(async () => {
    await thread?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('rolls back a transaction that waits on a statement outside it, freeing both', async () => {
    reports.length = 0;
    // With one connection the read outside waits for the transaction, which waits for it.
    const deadlocked = thread.transaction(async (tx) => {
      await tx.query('insert into notes values ($1)', ['inside']);
      const outside = await thread.query<{ n: number }>('select count(*)::int as n from notes');
      await tx.query('insert into notes values ($1)', [`saw ${outside.rows[0]!.n}`]);
    });
    await expect(deadlocked).rejects.toThrow('The transaction is closed.');
    expect(reports).toEqual([
      {
        reason:
          'A transaction sent nothing for 2 s while other statements waited for it: rolled back.',
        statement: 'insert into notes values ($1)',
        waiting: 'select count(*)::int as n from notes',
        restarted: false,
      },
    ]);
    expect((await thread.query('select body from notes')).rows).toEqual([]);
  }, 60_000);

  it('restarts a thread stuck in a statement on its files: what was committed is there', async () => {
    reports.length = 0;
    await thread.query('insert into notes values ($1)', ['kept']);
    await expect(thread.query(endless)).rejects.toThrow(
      'The embedded database did not answer for 2 s.',
    );
    expect(reports).toEqual([
      {
        reason: 'The embedded database did not answer for 2 s.',
        statement: endless,
        restarted: true,
      },
    ]);
    // The same statement text again: the new thread was never told its number.
    await thread.query('insert into notes values ($1)', ['after']);
    const { rows } = await thread.query<{ body: string }>('select body from notes order by body');
    expect(rows).toEqual([{ body: 'after' }, { body: 'kept' }]);
  }, 60_000);

  it('in memory, ends a stuck thread: every statement is refused instead of waiting forever', async () => {
    const memoryReports: PgliteThreadFailure[] = [];
    const inMemory = await startPgliteThread({
      stallMs: 2_000,
      onFailure: (report) => memoryReports.push(report),
    });
    try {
      await expect(inMemory.query(endless)).rejects.toThrow('did not answer');
      await expect(inMemory.query('select 1')).rejects.toThrow('did not answer');
      expect(memoryReports).toMatchObject([{ restarted: false }]);
    } finally {
      await inMemory.close();
    }
  }, 60_000);
});
