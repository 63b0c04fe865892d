import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { createPglite } from './pglite-create.js';
import { withoutTextParsers } from './pglite-text-types.js';
import { holdsCluster, startFromInitialCluster } from './pglite-initial-cluster.ts';
import {
  asPglite,
  DEFAULT_STALL_MS,
  startPgliteThread,
  type PgliteThreadOptions,
} from './pglite-thread.ts';

/** The Drizzle handle every part of Roost uses: the same type whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Database;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Runs `work` while holding a Postgres advisory lock, so only one instance at a time does it
   * (migrations, the demo seed). PGlite has one process: the lock is a queue in that process.
   */
  withAdvisoryLock<T>(lockId: number, work: () => Promise<T>): Promise<T>;
  /** Closes connections; for PGlite this flushes and releases the data directory. */
  close(): Promise<void>;
  /**
   * PGlite only: the whole cluster as a tarball, to open copies from (`loadDataDir`). Tests
   * migrate once and start every file from the copy: creating a cluster costs seconds.
   */
  dump?(): Promise<Blob>;
}

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Told when an idle pooled connection breaks (server restart, terminated session). */
      onIdleError?: (error: Error) => void;
    }
  | {
      kind: 'pglite';
      dataDir?: string /* undefined: in memory */;
      /** Starts from a copy made by `dump()` instead of creating an empty cluster (tests). */
      loadDataDir?: Blob;
      /**
       * A prepared, migrated cluster (`pglite-initial-cluster.ts`) that a data directory holding
       * no cluster yet starts from, when the file exists.
       */
      initialCluster?: string;
      /**
       * Run PGlite on a worker thread (`pglite-thread.ts`), so the server's JavaScript thread
       * keeps only its own work. The server does; a script or test may keep it in-thread.
       */
      thread?: 'worker' | 'main';
      /** On a worker thread: told when the thread was found stuck and what was done. */
      onFailure?: PgliteThreadOptions['onFailure'];
    };

/** A PostgreSQL server when a URL is given, otherwise PGlite files under `dataDir/pg`. */
export function databaseTarget(options: {
  databaseUrl?: string;
  dataDir: string;
  /** The prepared cluster a new PGlite data directory starts from, if any. */
  initialCluster?: string;
}): DatabaseTarget {
  return options.databaseUrl
    ? { kind: 'postgres', url: options.databaseUrl }
    : {
        kind: 'pglite',
        dataDir: path.join(options.dataDir, 'pg'),
        thread: pgliteThread('worker'),
        initialCluster: options.initialCluster,
      };
}

/**
 * How long PGlite on a worker thread may stay silent with statements waiting before it is
 * restarted: `ROOST_PGLITE_STALL_SECONDS` (0 turns the watch off), else 30 s.
 */
function pgliteStallMs(): number {
  const seconds = Number(process.env.ROOST_PGLITE_STALL_SECONDS);
  return process.env.ROOST_PGLITE_STALL_SECONDS && Number.isFinite(seconds) && seconds >= 0
    ? seconds * 1000
    : DEFAULT_STALL_MS;
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.kind === 'postgres'
    ? openPostgres(target.url, target.poolSize, target.onIdleError)
    : openPglite(target, target.thread ?? pgliteThread('main'));
}

async function openPostgres(
  url: string,
  poolSize = 10,
  onIdleError: (error: Error) => void = () => {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that breaks is dropped from the pool and the next query reconnects; without a
  // listener the pool's 'error' event would crash the process instead.
  pool.on('error', onIdleError);
  const db = drizzlePostgres({ client: pool }) as unknown as Database;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    ping: async () => {
      await pool.query('select 1');
    },
    withAdvisoryLock: async (lockId, work) => {
      // The lock belongs to one session, so hold one connection for the whole of the work.
      const session = await pool.connect();
      try {
        await session.query('select pg_advisory_lock($1)', [lockId]);
        try {
          return await work();
        } finally {
          await session.query('select pg_advisory_unlock($1)', [lockId]);
        }
      } finally {
        session.release();
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * Where PGlite runs unless a target says: `ROOST_PGLITE_THREAD` (`worker` or `main`) when set,
 * else `fallback` — a worker thread for the server and test databases, in-thread for scripts.
 */
export function pgliteThread(fallback: 'worker' | 'main'): 'worker' | 'main' {
  const chosen = process.env.ROOST_PGLITE_THREAD;
  return chosen === 'worker' || chosen === 'main' ? chosen : fallback;
}

async function openPglite(
  target: Extract<DatabaseTarget, { kind: 'pglite' }>,
  thread: 'worker' | 'main',
): Promise<DatabaseHandle> {
  const { dataDir, initialCluster } = target;
  const releaseLock = dataDir ? lockDataDirectory(dataDir) : () => {};
  let client: { dump(): Promise<Blob>; close(): Promise<void>; db: Database };
  try {
    const loadDataDir =
      target.loadDataDir ??
      (dataDir && initialCluster && !holdsCluster(dataDir)
        ? await startFromInitialCluster(dataDir, initialCluster)
        : undefined);
    client =
      thread === 'worker'
        ? await workerPglite({ dataDir, loadDataDir, onFailure: target.onFailure })
        : await inThreadPglite(dataDir, loadDataDir);
  } catch (error) {
    releaseLock();
    throw error;
  }
  const { db } = client;
  let closing: Promise<void> | undefined;
  // One process, one connection: concurrent callers of one lock just take turns.
  const lockQueues = new Map<number, Promise<unknown>>();
  return {
    kind: 'pglite',
    db,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    withAdvisoryLock: (lockId, work) => {
      const turn = (lockQueues.get(lockId) ?? Promise.resolve()).then(work);
      lockQueues.set(
        lockId,
        turn.catch(() => {}),
      );
      return turn;
    },
    dump: () => client.dump(),
    close: () => {
      closing ??= client.close().finally(releaseLock);
      return closing;
    },
  };
}

async function workerPglite(options: PgliteThreadOptions) {
  const thread = await startPgliteThread({ ...options, stallMs: pgliteStallMs() });
  return {
    db: drizzlePglite({ client: asPglite(thread) }) as unknown as Database,
    dump: () => thread.dumpDataDir(),
    close: () => thread.close(),
  };
}

async function inThreadPglite(dataDir: string | undefined, loadDataDir: Blob | undefined) {
  const client = withoutTextParsers(await createPglite({ dataDir, loadDataDir }));
  return {
    db: drizzlePglite({ client }) as unknown as Database,
    dump: () => client.dumpDataDir('none'),
    close: () => settleThenClose(client),
  };
}

/**
 * PGlite (0.4 and later) spins forever at full CPU when it is closed with a query still in
 * flight (electric-sql/pglite#1058), e.g. a write a request started without awaiting it. Its
 * queries run one after another, so one more query, issued once already-scheduled work has
 * started, returns only when those before it have finished.
 */
async function settleThenClose(client: PGlite): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await client.query('select 1').catch(() => undefined);
  await client.close();
}

/**
 * PGlite is single-process: two processes writing one data directory would corrupt it. A lock
 * file holding our pid refuses a second process while letting a crashed one's lock be reclaimed.
 */
function lockDataDirectory(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'roost.lock');
  try {
    const holder = Number(fs.readFileSync(lockPath, 'utf8'));
    if (holder && holder !== process.pid && isProcessAlive(holder)) {
      throw new DatabaseLockedError(
        `The database in ${dataDir} is in use by another Roost process (pid ${holder}); stop it first or set DATABASE_URL.`,
      );
    }
  } catch (error) {
    if (error instanceof DatabaseLockedError) throw error;
  }
  fs.writeFileSync(lockPath, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
    } catch {
      // Already gone: nothing to release.
    }
  };
}

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
