// The public read of one listing (`lookUpListing`, one statement): what a property page shows.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { lookUpListing } from './get-listing.ts';
import {
  listers,
  listingMedia,
  listingPriceHistory,
  listingStatusHistory,
  listings,
} from './schema.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe('lookUpListing', () => {
  it('reads the row with its pictures, histories and lister, in their order', async () => {
    const { db } = database;
    const id = await insertListing(db, {
      ownerSub: 'owner-lookup',
      price: 240_000,
      addressLine1: '12 Mill Lane',
    });
    const media = (kind: 'photo' | 'floorplan', position: number, blobKey: string) => ({
      listingId: id,
      kind,
      position,
      blobKey,
      width: 1200 + position,
      height: 800,
      caption: `${kind} ${position}`,
    });
    // Written out of order: the read puts photos by position, floorplans apart.
    await db
      .insert(listingMedia)
      .values([
        media('photo', 1, 'b'.repeat(64)),
        media('floorplan', 0, 'f'.repeat(64)),
        media('photo', 0, 'a'.repeat(64)),
      ]);
    const at = (iso: string) => new Date(iso);
    await db.insert(listingPriceHistory).values([
      { listingId: id, price: 250_000, changedAt: at('2026-10-01T09:30:00.123Z') },
      { listingId: id, price: 260_000, changedAt: at('2026-09-01T08:00:00.000Z') },
      { listingId: id, price: 240_000, changedAt: at('2026-11-02T17:45:10.987Z') },
    ]);
    await db
      .insert(listingStatusHistory)
      .values([{ listingId: id, event: 'relisted', changedAt: at('2026-09-15T12:00:00.000Z') }]);
    await db
      .insert(listers)
      .values({ sub: 'owner-lookup', publicId: 'lookup-lister', displayName: 'Owen L.' });

    const found = await lookUpListing(db, id);

    expect(found?.visibility).toBe('public');
    expect(found?.ownerSub).toBe('owner-lookup');
    expect(found?.lister).toEqual({ publicId: 'lookup-lister', displayName: 'Owen L.' });
    const listing = found!.listing;
    expect(listing.displayAddress).toBe(`Mill Lane, ${listing.town}`);
    expect(listing.photos).toEqual([
      { blobKey: 'a'.repeat(64), width: 1200, height: 800, caption: 'photo 0' },
      { blobKey: 'b'.repeat(64), width: 1201, height: 800, caption: 'photo 1' },
    ]);
    expect(listing.floorplans).toEqual([
      { blobKey: 'f'.repeat(64), width: 1200, height: 800, caption: 'floorplan 0' },
    ]);
    expect(listing.priceHistory).toEqual([
      { price: 260_000, changedAt: '2026-09-01T08:00:00.000Z' },
      { price: 250_000, changedAt: '2026-10-01T09:30:00.123Z' },
      { price: 240_000, changedAt: '2026-11-02T17:45:10.987Z' },
    ]);
    expect(listing.reducedOn).toBe('2026-11-02T17:45:10.987Z');
    expect(listing.statusHistory).toEqual([
      { event: 'relisted', changedAt: '2026-09-15T12:00:00.000Z' },
    ]);
    // Never the owner or the search index's words.
    expect(listing).not.toHaveProperty('ownerSub');
    expect(listing).not.toHaveProperty('searchVector');
  });

  it('answers empty lists, no lister and nothing for an unknown id', async () => {
    const id = await insertListing(database.db, { ownerSub: 'owner-without-profile' });
    const found = await lookUpListing(database.db, id);
    expect(found?.lister).toBeUndefined();
    expect(found?.listing).toMatchObject({
      photos: [],
      floorplans: [],
      priceHistory: [],
      statusHistory: [],
      reducedOn: null,
    });
    await database.db.delete(listings).where(eq(listings.id, id));
    expect(await lookUpListing(database.db, id)).toBeUndefined();
    expect(await lookUpListing(database.db, -1)).toBeUndefined();
  });
});
