import pg from 'pg';
import { z } from 'zod';
import type { Logger } from '../logger.ts';

/** The PostgreSQL channel changes travel on (also named in market migration 0036). */
export const CHANGES_CHANNEL = 'roost_changes';

/**
 * What one instance tells the others: an original photo deleted (drop its variants), or what
 * search shows changed (drop cached search pages; sent by a database trigger).
 */
export type Change = { kind: 'blob-deleted'; key: string } | { kind: 'search' };

const changeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('blob-deleted'), key: z.string().min(1).max(200) }),
  z.object({ kind: z.literal('search') }),
]);

export interface ChangeFeed {
  /** Tells every instance, this one included. */
  announce(change: Change): Promise<void>;
  /** Called for each change; returns the unsubscribe. */
  subscribe(listener: (change: Change) => void): () => void;
  close(): Promise<void>;
}

function listeners() {
  const set = new Set<(change: Change) => void>();
  return {
    subscribe(listener: (change: Change) => void) {
      set.add(listener);
      return () => void set.delete(listener);
    },
    emit(change: Change) {
      for (const listener of set) listener(change);
    },
  };
}

/** One process (PGlite: one instance per data directory): changes go to this process only. */
export function createLocalChangeFeed(): ChangeFeed {
  const { subscribe, emit } = listeners();
  return {
    announce: async (change) => emit(change),
    subscribe,
    close: async () => {},
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY on one connection of its own, so every instance on the database hears
 * every change within moments. A lost connection is re-opened; as changes may have been missed
 * meanwhile, reconnecting counts as a search change (the page cache is dropped).
 */
export async function createPostgresChangeFeed(
  url: string,
  logger: Logger,
  reconnectMs = 1_000,
): Promise<ChangeFeed> {
  const { subscribe, emit } = listeners();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(message.payload);
    } catch {
      parsed = undefined;
    }
    const change = changeSchema.safeParse(parsed);
    if (change.success) emit(change.data);
    else logger.warn({ payload: message.payload.slice(0, 200) }, 'unreadable change notice');
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', onNotification);
    next.on('error', (error) => {
      logger.warn({ err: error }, 'change feed connection lost; reconnecting');
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (client === next) client = undefined;
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    client = next;
  }

  function scheduleReconnect() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => emit({ kind: 'search' }),
        (error: unknown) => {
          logger.warn({ err: error }, 'change feed still unreachable');
          scheduleReconnect();
        },
      );
    }, reconnectMs);
  }

  await connect();
  return {
    async announce(change) {
      const payload = JSON.stringify(change);
      try {
        if (!client) throw new Error('change feed not connected');
        await client.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, payload]);
      } catch (error) {
        // The change itself is done: the others learn of it when their caches expire.
        logger.warn({ err: error, change }, 'change not announced to other instances');
        emit(change);
      }
    },
    subscribe,
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
