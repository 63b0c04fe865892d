import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { findSummariesByIds } from '../search/find-summaries.ts';
import { findOwnListings } from './find-own-listings.ts';
import { listingPriceHistory } from './schema.ts';

/**
 * Cards name each listing's own cover and price history. Their subqueries sit in a select list,
 * where drizzle writes the outer listing's id unqualified; bound to the inner table instead, every
 * card of a single-table query showed the same photo (another listing's, or none).
 */
let database: TestDatabase;
const key = (letter: string) => letter.repeat(64);
const days = (count: number) => new Date(Date.now() - count * 24 * 60 * 60_000);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe('listing cards', () => {
  it('show each listing its own cover photo and its own Reduced flag', async () => {
    const { db } = database;
    const owner = 'summary-owner';
    const first = await insertListing(db, { ownerSub: owner, title: 'First' }, [
      key('a'),
      key('b'),
    ]);
    const second = await insertListing(db, { ownerSub: owner, title: 'Second' }, [
      key('c'),
      key('d'),
      key('e'),
    ]);
    const third = await insertListing(db, { ownerSub: owner, title: 'Third' }, [key('f')]);
    const reducedAt = days(2);
    await db.insert(listingPriceHistory).values([
      { listingId: second, price: 250_000, changedAt: days(20) },
      { listingId: second, price: 200_000, changedAt: reducedAt },
      { listingId: third, price: 180_000, changedAt: days(20) },
      { listingId: third, price: 200_000, changedAt: days(2) },
    ]);

    const own = await findOwnListings(db, owner);
    const byTitle = new Map(own.map((listing) => [listing.title, listing]));
    expect(byTitle.get('First')?.cover?.key).toBe(key('a'));
    expect(byTitle.get('Second')?.cover?.key).toBe(key('c'));
    expect(byTitle.get('Third')?.cover?.key).toBe(key('f'));
    expect(own.filter((listing) => listing.isReduced).map((listing) => listing.title)).toEqual([
      'Second',
    ]);
    expect(byTitle.get('Second')?.reduction).toEqual({
      by: 50_000,
      on: reducedAt.toISOString(),
    });
    expect(byTitle.get('Third')?.reduction).toBeNull();

    const cards = await findSummariesByIds(db, [third, first, second]);
    expect(cards.map((card) => card.cover?.key)).toEqual([key('f'), key('a'), key('c')]);
  });
});
