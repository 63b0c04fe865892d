import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { compiledPgliteModule } from './pglite-create.js';
import { keepsText, onlyKeepsText } from './pglite-text-types.js';

/**
 * PGlite on a worker thread (`db/pglite-worker.js`), behind the part of PGlite's interface that
 * Drizzle's PGlite driver uses: `query`, `exec` and `transaction`. PostgreSQL-in-WebAssembly and
 * the parsing of rows then run beside the server's JavaScript thread instead of on it; results
 * cross as structured clones. Statements still run one at a time, in the order they arrive, and a
 * transaction still keeps every other statement waiting until it ends: PGlite's own locks do that
 * on the worker, exactly as they would in one thread.
 */
export interface PgliteThread {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(work: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T>;
  /** The whole cluster as a tarball (`PGlite.dumpDataDir`), to open copies from. */
  dumpDataDir(): Promise<Blob>;
  /** Waits for queued statements, closes PGlite (flushing its files) and ends the thread. */
  close(): Promise<void>;
}

export interface PgliteThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

type Request =
  | {
      op: 'query';
      /** The text, sent with its `statement` number the first time, the number alone after. */
      sql?: string;
      statement?: number;
      params?: unknown[];
      options?: ThreadQueryOptions;
      tx?: number;
    }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump' }
  | { op: 'close' };

interface ThreadQueryOptions {
  rowMode?: 'array' | 'object';
  /** Type OIDs whose values stay PostgreSQL's text (Drizzle parses dates itself). */
  textTypes?: number[];
}

interface Reply {
  id: number;
  result?: unknown;
  error?: { message: string } & Record<string, unknown>;
}

export class DatabaseThreadError extends Error {
  override name = 'DatabaseThreadError';
}

/**
 * Query options hold functions, which cannot cross to another thread. Drizzle passes only
 * parsers that keep a type's text as it is; anything else is refused rather than ignored.
 */
function threadOptions(options: QueryOptions | undefined): ThreadQueryOptions | undefined {
  if (!options) return undefined;
  const { rowMode, parsers, ...rest } = options;
  const unsupported = Object.keys(rest).filter((key) => (rest as Record<string, unknown>)[key]);
  if (unsupported.length > 0) {
    throw new DatabaseThreadError(
      `PGlite on a worker thread cannot take ${unsupported.join(', ')}`,
    );
  }
  // The thread's instance keeps Drizzle's text types as text already: those need not cross.
  const sent = parsers && !onlyKeepsText(parsers) ? parsers : {};
  const textTypes = Object.entries(sent).map(([type, parse]) => {
    if (!keepsText(parse, type)) {
      throw new DatabaseThreadError(`PGlite on a worker thread keeps type ${type} as text only`);
    }
    return Number(type);
  });
  return { ...(rowMode ? { rowMode } : {}), ...(textTypes.length ? { textTypes } : {}) };
}

/**
 * A PostgreSQL error from the thread, with its fields (`code`, `constraint`, …) as sent. No stack
 * is kept for where it was sent from: capturing one for every statement cost more than the
 * statement's trip, and Drizzle's own error (whose `cause` this is) has it.
 */
function rebuildError(error: NonNullable<Reply['error']>): Error {
  const { message, name, ...fields } = error;
  const rebuilt = Object.assign(new Error(message), fields);
  if (typeof name === 'string') rebuilt.name = name;
  return rebuilt;
}

/** Statement texts numbered at most (see `numbered`). */
const MAX_NUMBERED_STATEMENTS = 5_000;

/** How often the thread says it is alive, and how long its silence may last by default. */
const HEARTBEAT_MS = 1_000;
export const DEFAULT_STALL_MS = 30_000;
/** More restarts than this within `RESTART_WINDOW_MS` means restarting does not help. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 10 * 60_000;
/**
 * Stack for the thread. PostgreSQL's recursion (planning and evaluating nested expressions) runs
 * on V8's stack; when that overflows inside PGlite, PGlite swallows the error and goes on with a
 * half-unwound backend ('bad buffer ID: 0', then errors in a loop). 4 MB (Node's default for a
 * thread) overflows at about 2,000 nested operators, 1 MB (the main thread's) at about 500.
 */
const STACK_SIZE_MB = 64;

export interface PgliteThreadOptions {
  dataDir?: string;
  loadDataDir?: Blob;
  /**
   * How long statements may wait on something that is not coming, 0 to not watch:
   * - the thread stays silent (no answer, no heartbeat): PGlite can spin forever inside one
   *   statement (electric-sql/pglite#1058, #1068). A stuck thread with a data directory is ended
   *   and started again on the same files, as after a crash; in memory it is ended, since its
   *   data went with it.
   * - a transaction sends nothing while others wait for it to end. With one connection, work in
   *   a transaction that waits on a statement outside it never ends; the transaction is rolled
   *   back (PostgreSQL's `idle_in_transaction_session_timeout`), which frees the rest.
   */
  stallMs?: number;
  /** Told when a watch above acted, and what it did. */
  onFailure?(report: PgliteThreadFailure): void;
}

export interface PgliteThreadFailure {
  reason: string;
  /** The statement never answered, or the idle transaction's last one. */
  statement?: string;
  /** For an idle transaction: the oldest statement waiting for it. */
  waiting?: string;
  restarted: boolean;
}

interface PendingCall {
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** The statement's text, to name it if the thread never answers. */
  sql?: string;
  tx?: number;
}

/** A transaction the other thread has begun, watched for sitting idle while others wait. */
interface OpenTransaction {
  lastActive: number;
  inFlight: number;
  lastSql?: string;
}

// size: one state machine (worker, unanswered calls, open transactions, restarts) whose parts share that state
export async function startPgliteThread(options: PgliteThreadOptions): Promise<PgliteThread> {
  const stallMs = options.stallMs ?? DEFAULT_STALL_MS;
  // Several heartbeats to a stall, so one that is merely late is not taken for silence.
  const heartbeatMs = stallMs > 0 ? Math.min(HEARTBEAT_MS, stallMs / 4) : 0;
  const pending = new Map<number, PendingCall>();
  const openTransactions = new Map<number, OpenTransaction>();
  let nextId = 1;
  let nextTransaction = 1;
  let stopped: Error | undefined;
  /** Called when the last unanswered call is answered (see `drain`). */
  let onIdle: (() => void) | undefined;
  /** Statement numbers belong to one thread: a restarted thread starts with none. */
  let statementNumbers = new Map<string, number>();
  let lastHeard = Date.now();
  let restarting: Promise<void> | undefined;
  const restarts: number[] = [];

  const rejectPending = (reason: Error) => {
    for (const waiting of pending.values()) waiting.reject(reason);
    pending.clear();
    onIdle?.();
  };
  const stop = (reason: Error) => {
    stopped ??= reason;
    rejectPending(stopped);
  };

  const spawn = async (loadDataDir?: ArrayBuffer): Promise<Worker> => {
    const pgliteWasmModule = await compiledPgliteModule();
    const started = new Worker(new URL('./pglite-worker.js', import.meta.url), {
      workerData: { dataDir: options.dataDir, loadDataDir, heartbeatMs, pgliteWasmModule },
      transferList: loadDataDir ? [loadDataDir] : [],
      resourceLimits: { stackSizeMb: STACK_SIZE_MB },
      // The worker is plain JavaScript: no TypeScript loader needed, whatever started this
      // process. `ROOST_PGLITE_WORKER_ARGS` passes Node options to it alone, e.g. `--cpu-prof`.
      execArgv: process.env.ROOST_PGLITE_WORKER_ARGS?.split(' ').filter(Boolean) ?? [],
    });
    await new Promise<void>((resolve, reject) => {
      started.once('message', (message: { ready: boolean; error?: Reply['error'] }) => {
        if (message.ready) resolve();
        else reject(rebuildError(message.error!));
      });
      started.once('error', reject);
    }).catch(async (error: unknown) => {
      await started.terminate();
      throw error;
    });
    started.on('message', (reply: Reply | { alive: true }) => {
      if (started !== worker) return;
      lastHeard = Date.now();
      if (!('id' in reply)) return;
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      const open = waiting.tx === undefined ? undefined : openTransactions.get(waiting.tx);
      if (open) {
        open.inFlight -= 1;
        open.lastActive = lastHeard;
      }
      if (reply.error) waiting.reject(rebuildError(reply.error));
      else waiting.resolve(reply.result);
      if (pending.size === 0) onIdle?.();
    });
    started.on('error', (error) => {
      if (started === worker) fail(`The embedded database stopped: ${error.message}`);
    });
    started.on('exit', (code) => {
      if (started === worker) fail(`The embedded database stopped (exit ${code}).`);
    });
    return started;
  };

  /** The thread is stuck or gone: start it again on its files, or stop for good. */
  const fail = (reason: string) => {
    if (stopped || restarting) return;
    const oldest = pending.values().next().value as PendingCall | undefined;
    const now = Date.now();
    while (restarts.length > 0 && now - restarts[0]! > RESTART_WINDOW_MS) restarts.shift();
    const restart = Boolean(options.dataDir) && restarts.length < MAX_RESTARTS;
    options.onFailure?.({ reason, statement: oldest?.sql?.slice(0, 500), restarted: restart });
    openTransactions.clear();
    const error = new DatabaseThreadError(reason);
    const stuck = worker;
    if (!restart) {
      stop(error);
      void stuck.terminate();
      return;
    }
    restarts.push(now);
    // Statements sent to the stuck thread, and transactions open on it, are lost with it; the
    // files are as a crash would leave them, and PostgreSQL recovers them on start.
    rejectPending(error);
    statementNumbers = new Map();
    restarting = (async () => {
      await stuck.terminate();
      try {
        worker = await spawn();
        lastHeard = Date.now();
      } catch (cause) {
        stop(new DatabaseThreadError(`The embedded database could not restart: ${String(cause)}`));
      } finally {
        restarting = undefined;
      }
    })();
  };

  let worker = await spawn(
    options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined,
  );
  const watchEvery = heartbeatMs;
  let lastWatched = Date.now();
  const watch =
    stallMs > 0
      ? setInterval(() => {
          const now = Date.now();
          // Late itself: this thread was busy, and the heartbeats that came meanwhile are still
          // queued behind this timer. Judge at the next round, once they have been read.
          const late = now - lastWatched > 2 * watchEvery;
          lastWatched = now;
          if (late || restarting || pending.size === 0) return;
          if (now - lastHeard > stallMs) {
            fail(`The embedded database did not answer for ${Math.round(stallMs / 1000)} s.`);
          } else {
            rollBackIdleTransactions(now);
          }
        }, watchEvery).unref()
      : undefined;

  /**
   * Statement texts are numbered so each crosses the thread once: Drizzle rebuilds the same few
   * hundred texts (some several kilobytes) for every request, and copying them was a measurable
   * part of the request thread's time. Bounded, as SQL built with literals could be endless.
   */
  const numbered = (sql: string): { sql?: string; statement?: number } => {
    const known = statementNumbers.get(sql);
    if (known !== undefined) return { statement: known };
    if (statementNumbers.size >= MAX_NUMBERED_STATEMENTS) return { sql };
    const statement = statementNumbers.size + 1;
    statementNumbers.set(sql, statement);
    return { sql, statement };
  };
  /** Rolls back any transaction that sent nothing for `stallMs` while others waited for it. */
  const rollBackIdleTransactions = (now: number) => {
    for (const [tx, open] of openTransactions) {
      if (open.inFlight > 0 || now - open.lastActive <= stallMs) continue;
      const waiting = [...pending.values()].find((waitingCall) => waitingCall.tx !== tx);
      if (!waiting) continue;
      openTransactions.delete(tx);
      options.onFailure?.({
        reason: `A transaction sent nothing for ${Math.round(stallMs / 1000)} s while other statements waited for it: rolled back.`,
        statement: open.lastSql?.slice(0, 500),
        waiting: waiting.sql?.slice(0, 500),
        restarted: false,
      });
      // Its owner learns at its next statement or at COMMIT: the transaction is closed.
      void call({ op: 'end', tx, commit: false }).catch(() => undefined);
    }
  };
  const call = <T>(request: Request, sql?: string): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    if (restarting) return restarting.then(() => call<T>(request, sql));
    const id = nextId++;
    const tx = 'tx' in request ? request.tx : undefined;
    const open = tx === undefined ? undefined : openTransactions.get(tx);
    if (open) {
      open.inFlight += 1;
      open.lastActive = Date.now();
      open.lastSql = sql ?? open.lastSql;
    }
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) lastHeard = Date.now();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, sql, tx });
      const message =
        request.op === 'query' && sql !== undefined ? { ...request, ...numbered(sql) } : request;
      worker.postMessage({ id, ...message });
    });
  };
  /** Until nothing sent is still unanswered, statements sent meanwhile included. */
  const drain = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    while (pending.size > 0 || restarting) {
      if (restarting) await restarting;
      else await new Promise<void>((resolve) => (onIdle = resolve));
      // Let the answered calls' callers run: they may send the next statement of their work.
      await new Promise((resolve) => setImmediate(resolve));
    }
    onIdle = undefined;
  };
  const statements = (tx?: number): PgliteThreadTransaction => ({
    query: async (sql, params, queryOptions) =>
      call({ op: 'query', params, options: threadOptions(queryOptions), tx }, sql),
    exec: (sql) => call({ op: 'exec', sql, tx }, sql),
  });

  let closing: Promise<void> | undefined;
  return {
    ...statements(),
    async transaction(work) {
      const tx = nextTransaction++;
      await call({ op: 'begin', tx });
      openTransactions.set(tx, { lastActive: Date.now(), inFlight: 0 });
      try {
        let result;
        try {
          result = await work(statements(tx));
        } catch (error) {
          await call({ op: 'end', tx, commit: false }).catch(() => undefined);
          throw error;
        }
        await call({ op: 'end', tx, commit: true });
        return result;
      } finally {
        openTransactions.delete(tx);
      }
    },
    async dumpDataDir() {
      const bytes = await call<ArrayBuffer>({ op: 'dump' });
      return new Blob([bytes], { type: 'application/x-tar' });
    },
    close() {
      closing ??= (async () => {
        try {
          // Closing PGlite with a statement in flight spins forever (electric-sql/pglite#1058).
          await drain();
          if (!stopped) await call({ op: 'close' });
        } finally {
          if (watch) clearInterval(watch);
          stop(new DatabaseThreadError('The embedded database is closed.'));
          await worker.terminate();
        }
      })();
      return closing;
    },
  };
}

/** What Drizzle's PGlite driver is handed: it calls only the methods above. */
export const asPglite = (thread: PgliteThread) => thread as unknown as PGlite;
