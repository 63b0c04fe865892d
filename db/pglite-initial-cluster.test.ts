import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import {
  readInitialCluster,
  unpackedClusterDir,
  unpackInitialCluster,
  writeInitialCluster,
} from './pglite-initial-cluster.ts';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-initial-cluster-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const rowsOf = async (handle: Awaited<ReturnType<typeof openDatabase>>, query: string) =>
  ((await handle.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] })
    .rows;

describe('a new data directory', () => {
  const file = path.join(scratch, 'build', 'pglite', 'migrated-0123456789abcdef.tar.gz');

  beforeAll(async () => {
    const stale = path.join(path.dirname(file), 'migrated-fedcba9876543210.tar.gz');
    const staleUnpacked = path.join(path.dirname(file), 'migrated-fedcba9876543210');
    fs.mkdirSync(staleUnpacked, { recursive: true });
    fs.writeFileSync(path.join(staleUnpacked, 'PG_VERSION'), '17');
    const another = path.join(path.dirname(file), 'migrated-fedcba9876543210.tar.gz.7.partial');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(stale, 'made for older migrations');
    fs.writeFileSync(another, 'being written by another process');
    // A small cluster stands in for the migrated one: a table with one row.
    const made = await writeInitialCluster(file, async () => {
      const source = await openDatabase({ kind: 'pglite', thread: 'main' });
      try {
        await source.db.execute(sql`create table prepared (note text)`);
        await source.db.execute(sql`insert into prepared values ('from the build')`);
        return await source.dump!();
      } finally {
        await source.close();
      }
    });
    expect(made).toBe(true);
    // The stale file and its unpacked copy are gone; another process's file still being
    // written is left to it.
    expect(fs.readdirSync(path.dirname(file)).sort()).toEqual(
      [path.basename(file), path.basename(another)].sort(),
    );
  }, 60_000);

  it('is made once: a second call leaves the file as it is', async () => {
    const before = fs.statSync(file).mtimeMs;
    let called = false;
    expect(
      await writeInitialCluster(file, async () => {
        called = true;
        return new Blob([]);
      }),
    ).toBe(false);
    expect(called).toBe(false);
    expect(fs.statSync(file).mtimeMs).toBe(before);
    expect(await readInitialCluster(path.join(scratch, 'none.tar.gz'))).toBeUndefined();
  });

  it('says which file to delete when the prepared cluster is damaged', async () => {
    const damaged = path.join(scratch, 'damaged.tar.gz');
    fs.writeFileSync(damaged, 'not gzip at all');
    await expect(readInitialCluster(damaged)).rejects.toThrow(
      `The prepared database ${damaged} is damaged`,
    );
  });

  /** The notes in the database at `dataDir` (started from `file` if new), then `add` written. */
  async function notesIn(dataDir: string, add?: string): Promise<Record<string, unknown>[]> {
    const handle = await openDatabase({
      kind: 'pglite',
      dataDir,
      thread: 'main',
      initialCluster: file,
    });
    try {
      const notes = await rowsOf(handle, 'select note from prepared order by note');
      if (add) await handle.db.execute(sql`insert into prepared values (${add})`);
      return notes;
    } finally {
      await handle.close();
    }
  }

  it('starts from the prepared cluster, and one that holds a cluster keeps its own', async () => {
    const dataDir = path.join(scratch, 'data', 'pg');
    expect(await notesIn(dataDir, 'written since')).toEqual([{ note: 'from the build' }]);
    expect(await notesIn(dataDir)).toEqual([{ note: 'from the build' }, { note: 'written since' }]);
  }, 60_000);

  it('starts a new data directory as a copy of the unpacked cluster, once it is unpacked', async () => {
    expect(await unpackInitialCluster(file)).toBe(true);
    expect(fs.existsSync(path.join(unpackedClusterDir(file), 'PG_VERSION'))).toBe(true);
    expect(await unpackInitialCluster(file)).toBe(false);
    // The tarball can no longer be read: a copy of the unpacked files is all that is used.
    const tarball = fs.readFileSync(file);
    fs.writeFileSync(file, 'not gzip at all');
    try {
      expect(await notesIn(path.join(scratch, 'copied', 'pg'), 'only in the copy')).toEqual([
        { note: 'from the build' },
      ]);
      // The unpacked cluster itself is untouched by the copy's writes.
      expect(await notesIn(path.join(scratch, 'again', 'pg'))).toEqual([
        { note: 'from the build' },
      ]);
    } finally {
      fs.writeFileSync(file, tarball);
    }
  }, 60_000);
});
