import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_ACCOUNT_ID } from '../../../domain/admin/erased-account.ts';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { purgeDeletedListings } from '../listings/delete-listing.ts';
import { listingPriceHistory, listingStatusHistory, listings } from '../listings/schema.ts';
import { findEarlierListings } from './earlier-listings.ts';
import { pastListings } from './schema.ts';

/** A home relisted after its old listing was deleted and purged still shows that listing. */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const DAY = 86_400_000;
const home = { postcode: 'LS6 1AB', outcode: 'LS6' };

describe("a home's earlier listings on Roost", () => {
  it('keeps a purged listing by its address, and shows it on the relisted home', async () => {
    const { db } = database;
    const listedAt = new Date('2026-01-05T10:00:00Z');
    const deletedAt = new Date('2026-03-01T10:00:00Z');
    const old = await insertListing(db, {
      ...home,
      addressLine1: '14 Victoria Road',
      price: 260_000,
      publishedAt: listedAt,
      status: 'removed',
      deletedAt,
    });
    await db.insert(listingPriceHistory).values([
      { listingId: old, price: 275_000, changedAt: listedAt },
      { listingId: old, price: 260_000, changedAt: new Date('2026-02-01T10:00:00Z') },
    ]);
    await db.insert(listingStatusHistory).values({
      listingId: old,
      event: 'under_offer',
      changedAt: new Date('2026-02-10T10:00:00Z'),
    });
    expect(await purgeDeletedListings(db, new Date(deletedAt.getTime() + 31 * DAY))).toBe(1);
    expect(await db.select().from(listings).where(eq(listings.id, old))).toEqual([]);

    const relisted = await insertListing(db, { ...home, addressLine1: '14, Victoria Rd' });
    expect(await findEarlierListings(db, relisted)).toEqual([
      {
        channel: 'sale',
        rentPeriod: null,
        firstPrice: 275_000,
        lastPrice: 260_000,
        listedAt: listedAt.toISOString(),
        endedAt: deletedAt.toISOString(),
        outcome: 'under_offer',
      },
    ]);
  });

  it('shows another live listing of the same home with a link, and not the flat upstairs', async () => {
    const { db } = database;
    const live = await insertListing(db, { ...home, addressLine1: '16 Victoria Road' });
    await insertListing(db, { ...home, addressLine1: 'Flat 2, 16 Victoria Road' });
    const mine = await insertListing(db, { ...home, addressLine1: '16 VICTORIA ROAD' });
    expect(await findEarlierListings(db, mine)).toEqual([
      expect.objectContaining({ outcome: 'live', listingId: live }),
    ]);
  });

  it("keeps nothing of an erased account's listing when it is purged", async () => {
    const { db } = database;
    const deletedAt = new Date('2026-04-01T10:00:00Z');
    const erased = await insertListing(db, {
      ...home,
      addressLine1: '[erased]',
      ownerSub: ERASED_ACCOUNT_ID,
      status: 'removed',
      deletedAt,
    });
    await purgeDeletedListings(db, new Date(deletedAt.getTime() + 31 * DAY));
    expect(await db.select().from(pastListings).where(eq(pastListings.listingId, erased))).toEqual(
      [],
    );
  });
});
