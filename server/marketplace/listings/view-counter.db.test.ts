// Page views held in memory and written in batches (`createViewCounter`).
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import type { Logger } from '../../logger.ts';
import { createLogger } from '../../logger.ts';
import { listings } from './schema.ts';
import { createViewCounter } from './view-counter.ts';

const logger = createLogger({ logLevel: 'silent' });
const NEVER = 3_600_000;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

async function viewsOf(...ids: number[]) {
  const rows = await database.db
    .select({ id: listings.id, views: listings.viewCount })
    .from(listings)
    .where(inArray(listings.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id)?.views);
}

describe('createViewCounter', () => {
  it('holds views until it writes them, then adds each listing its own, public ones only', async () => {
    const { db } = database;
    const [a, b, paused, underOffer] = [
      await insertListing(db),
      await insertListing(db),
      await insertListing(db, { status: 'paused' }),
      await insertListing(db, { status: 'under_offer' }),
    ];
    const views = createViewCounter({ db, logger, flushAfterMs: NEVER });
    views.record(a);
    views.record(b);
    views.record(a);
    views.record(paused);
    views.record(a);
    views.record(underOffer);
    expect(await viewsOf(a, b, paused, underOffer)).toEqual([0, 0, 0, 0]);

    await views.flush();
    expect(await viewsOf(a, b, paused, underOffer)).toEqual([3, 1, 0, 1]);

    // Added to what is there, and nothing counted twice.
    views.record(b);
    await views.flush();
    await views.flush();
    expect(await viewsOf(a, b)).toEqual([3, 2]);
    await views.close();
  });

  it('writes on its own shortly after a view', async () => {
    const id = await insertListing(database.db);
    const views = createViewCounter({ db: database.db, logger, flushAfterMs: 20 });
    views.record(id);
    views.record(id);
    await vi.waitFor(async () => expect(await viewsOf(id)).toEqual([2]), { timeout: 5_000 });
    await views.close();
  });

  it('writes at once when many listings are waiting', async () => {
    const ids = [await insertListing(database.db), await insertListing(database.db)];
    const views = createViewCounter({
      db: database.db,
      logger,
      flushAfterMs: NEVER,
      maxListings: 2,
    });
    views.record(ids[0]!);
    expect(await viewsOf(...ids)).toEqual([0, 0]);
    views.record(ids[1]!);
    await vi.waitFor(async () => expect(await viewsOf(...ids)).toEqual([1, 1]), { timeout: 5_000 });
    await views.close();
  });

  it('keeps the views when a write fails, and writes them next time', async () => {
    const id = await insertListing(database.db);
    let failures = 1;
    // The database, with its next statement failing.
    const flaky = new Proxy(database.db, {
      get(target, key) {
        const value = Reflect.get(target, key, target) as unknown;
        if (key === 'execute' && failures > 0) {
          failures -= 1;
          return () => Promise.reject(new Error('connection lost'));
        }
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Database;
    const warn = vi.fn();
    const views = createViewCounter({
      db: flaky,
      logger: { warn } as unknown as Logger,
      flushAfterMs: NEVER,
    });
    views.record(id);
    views.record(id);
    await views.flush();
    expect(warn).toHaveBeenCalledOnce();
    expect(await viewsOf(id)).toEqual([0]);

    views.record(id);
    await views.flush();
    expect(await viewsOf(id)).toEqual([3]);
    await views.close();
  });

  it('writes what is left when closed', async () => {
    const id = await insertListing(database.db);
    const views = createViewCounter({ db: database.db, logger, flushAfterMs: NEVER });
    views.record(id);
    await views.close();
    expect(await viewsOf(id)).toEqual([1]);
  });
});
