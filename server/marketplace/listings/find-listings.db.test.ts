import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { DEFAULT_QUERY } from '../../../domain/search/search-params.ts';
import { searchListings } from '../search/search-listings.ts';
import { findRecentListings } from './find-listings.ts';
import { getListing } from './get-listing.ts';

let database: TestDatabase;
const day = 86_400_000;
const keyA = 'a'.repeat(64);
const keyB = 'b'.repeat(64);
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const now = Date.now();
  ids.newest = await insertListing(db, { publishedAt: new Date(now - day) }, [keyA, keyB]);
  ids.older = await insertListing(db, { publishedAt: new Date(now - 20 * day) });
  ids.underOffer = await insertListing(db, {
    status: 'under_offer',
    publishedAt: new Date(now - 2 * day),
  });
  ids.draft = await insertListing(db, { status: 'draft', publishedAt: null });
  ids.paused = await insertListing(db, { status: 'paused' });
  ids.removed = await insertListing(db, { status: 'removed' });
  ids.rent = await insertListing(db, { channel: 'rent', price: 950, rentPeriod: 'month' });
  for (let index = 0; index < 30; index += 1) {
    await insertListing(db, { publishedAt: new Date(now - (30 + index) * day) });
  }
});
afterAll(() => database.destroy());

/** Browsing all homes for sale, newest first: a search with no location or filters. */
function findListings(
  db: TestDatabase['db'],
  options: { channel: 'sale' | 'rent'; page?: number; pageSize: number },
) {
  return searchListings(db, {
    channel: options.channel,
    query: { ...DEFAULT_QUERY, page: options.page ?? 1 },
    pageSize: options.pageSize,
  });
}

describe('browsing listings', () => {
  it('shows only listings on the market or agreed, newest first, with a total', async () => {
    const page = await findListings(database.db, { channel: 'sale', pageSize: 5 });
    expect(page.total).toBe(33);
    expect(page.pageCount).toBe(7);
    expect(page.items.map((item) => item.id)).toEqual(
      expect.arrayContaining([ids.newest, ids.underOffer]),
    );
    expect(page.items[0]!.id).toBe(ids.newest);
    const allIds = (await findListings(database.db, { channel: 'sale', pageSize: 100 })).items.map(
      (item) => item.id,
    );
    expect(allIds).not.toContain(ids.draft);
    expect(allIds).not.toContain(ids.paused);
    expect(allIds).not.toContain(ids.removed);
    expect(allIds).not.toContain(ids.rent);
  });

  it('pages without overlap', async () => {
    const first = await findListings(database.db, { channel: 'sale', page: 1, pageSize: 10 });
    const second = await findListings(database.db, { channel: 'sale', page: 2, pageSize: 10 });
    const overlap = first.items.filter((item) =>
      second.items.some((other) => other.id === item.id),
    );
    expect(second.items).toHaveLength(10);
    expect(overlap).toEqual([]);
  });

  it('adds the first photo as the cover and hides the house number', async () => {
    const page = await findListings(database.db, { channel: 'sale', pageSize: 1 });
    const [summary] = page.items;
    expect(summary!.cover?.key).toBe(keyA);
    expect(summary!.displayAddress).toBe('Test Street, Leeds');
    expect(summary!.isNew).toBe(true);
  });

  it('marks only recent, available listings as new', async () => {
    const all = (await findListings(database.db, { channel: 'sale', pageSize: 100 })).items;
    expect(all.find((item) => item.id === ids.older)!.isNew).toBe(false);
    expect(all.find((item) => item.id === ids.underOffer)!.isNew).toBe(false);
  });
});

describe('findRecentListings', () => {
  it('returns only active listings of the channel asked for', async () => {
    const recent = await findRecentListings(database.db, { channel: 'rent' });
    expect(recent.map((item) => item.id)).toEqual([ids.rent]);
  });
});

describe('getListing', () => {
  it('returns photos in order and never the private address parts', async () => {
    const listing = await getListing(database.db, ids.newest!);
    expect(listing?.photos.map((photo) => photo.blobKey)).toEqual([keyA, keyB]);
    expect(listing).not.toHaveProperty('postcode');
    expect(listing).not.toHaveProperty('addressLine1');
    expect(listing).not.toHaveProperty('ownerSub');
  });

  it('answers undefined for ids that do not exist or are not ids', async () => {
    expect(await getListing(database.db, 987654)).toBeUndefined();
    expect(await getListing(database.db, Number.NaN)).toBeUndefined();
    expect(await getListing(database.db, -1)).toBeUndefined();
  });
});
