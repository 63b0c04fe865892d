import { inArray, sql } from 'drizzle-orm';
import { PUBLIC_STATUSES } from '../../../domain/listing/enums.ts';
import type { Database } from '../../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { listings } from './schema.ts';

export interface ViewCounter {
  /** Counts one view of a listing's page; written with others shortly after. */
  record(listingId: number): void;
  /** Writes the views counted so far, in one statement. */
  flush(): Promise<void>;
  /** Writes what is left and stops the timer (server shutdown). */
  close(): Promise<void>;
}

/**
 * Page views, counted in memory and added to `listings.view_count` a few seconds later, many
 * listings in one statement. A view used to be an UPDATE (and a commit) of its own inside every
 * property page's request; the count is read only by the lister's own 'My listings', where a
 * few seconds' delay does not matter (docs/performance.md). Views counted in the moments
 * before a crash are lost; a clean shutdown writes them.
 */
export function createViewCounter({
  db,
  logger,
  flushAfterMs = 5_000,
  maxListings = 5_000,
}: {
  db: Database;
  logger: Logger;
  /** How long a view may wait in memory. */
  flushAfterMs?: number;
  /** Distinct listings waiting before a write starts at once. */
  maxListings?: number;
}): ViewCounter {
  let pending = new Map<number, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();

  const write = async () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    // Ascending ids: two servers writing overlapping batches lock rows in the same order.
    const ids = [...batch.keys()].sort((a, b) => a - b);
    const counts = ids.map((id) => batch.get(id)!);
    try {
      // Integers only, so the array literals are safe to write out; one parameter each.
      await db.execute(sql`
        update ${listings} set view_count = ${listings.viewCount} + views.n
        from unnest(${`{${ids.join(',')}}`}::int[], ${`{${counts.join(',')}}`}::int[]) as views(id, n)
        where ${listings.id} = views.id and ${inArray(listings.status, PUBLIC_STATUSES)}`);
    } catch (error) {
      // Kept for the next write, so a database blip loses no views.
      for (const [id, n] of batch) pending.set(id, (pending.get(id) ?? 0) + n);
      logger.warn({ err: error, listings: batch.size }, 'could not write page views; will retry');
      schedule();
    }
  };
  const flush = () => {
    writing = writing.then(write);
    return writing;
  };
  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => void flush(), flushAfterMs);
    // Never the reason the process stays up: shutdown calls `close()`.
    timer.unref();
  };

  return {
    record(listingId) {
      pending.set(listingId, (pending.get(listingId) ?? 0) + 1);
      if (pending.size >= maxListings) void flush();
      else schedule();
    },
    flush,
    async close() {
      await flush();
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
