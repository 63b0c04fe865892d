import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { changeListingStatus } from './change-listing-status.ts';
import { keepListingsFresh } from './keep-listings-fresh.ts';
import { publishListingDraft } from './publish-listing-draft.ts';
import { listingDrafts, listings, listingPriceHistory } from './schema.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const DAY = 86_400_000;
const daysAgo = (days: number, from = new Date()) => new Date(from.getTime() - days * DAY);

async function statusOf(id: number) {
  const [row] = await database.db.select().from(listings).where(eq(listings.id, id));
  return row!;
}

describe('listing freshness', () => {
  it('asks after 4 weeks, once, and pauses after 7 more days without an answer', async () => {
    const db = database.db;
    const sent: string[] = [];
    const send = async (email: { to: string; subject: string }) => {
      sent.push(email.to);
    };
    const now = new Date();
    const stale = await insertListing(db, {
      contactEmail: 'stale@example.com',
      publishedAt: daysAgo(29),
      confirmedAt: daysAgo(29),
    });
    const fresh = await insertListing(db, {
      contactEmail: 'fresh@example.com',
      publishedAt: daysAgo(27),
      confirmedAt: daysAgo(27),
    });

    await keepListingsFresh(db, { send, publicUrl: 'https://roost.test', now });
    expect(sent).toEqual(['stale@example.com']);
    await keepListingsFresh(db, { send, publicUrl: 'https://roost.test', now });
    expect(sent).toEqual(['stale@example.com']);

    const sixDaysOn = new Date(now.getTime() + 6 * DAY);
    await keepListingsFresh(db, { send, publicUrl: 'https://roost.test', now: sixDaysOn });
    expect((await statusOf(stale)).status).toBe('active');
    const eightDaysOn = new Date(now.getTime() + 8 * DAY);
    const result = await keepListingsFresh(db, {
      send,
      publicUrl: 'https://roost.test',
      now: eightDaysOn,
    });
    expect(result.paused).toBeGreaterThanOrEqual(1);
    expect((await statusOf(stale)).status).toBe('paused');
    expect((await statusOf(fresh)).status).toBe('active');
  });

  it('an answer (choosing Available) stops the pause', async () => {
    const db = database.db;
    const now = new Date();
    const id = await insertListing(db, {
      ownerSub: 'owner-9',
      contactEmail: 'a@example.com',
      publishedAt: daysAgo(30),
      confirmedAt: daysAgo(30),
    });
    await keepListingsFresh(db, { send: undefined, publicUrl: 'https://roost.test', now });
    await changeListingStatus(db, {
      listingId: id,
      userSub: 'owner-9',
      input: { status: 'active' },
      now: new Date(now.getTime() + DAY),
    });
    await keepListingsFresh(db, {
      send: undefined,
      publicUrl: 'https://roost.test',
      now: new Date(now.getTime() + 8 * DAY),
    });
    expect((await statusOf(id)).status).toBe('active');
  });

  it('takes let agreed listings off after 6 weeks and sold STC after 8 months', async () => {
    const db = database.db;
    const now = new Date();
    const letOld = await insertListing(db, {
      channel: 'rent',
      rentPeriod: 'month',
      price: 900,
      status: 'let_agreed',
      statusChangedAt: daysAgo(43),
    });
    const letNew = await insertListing(db, {
      channel: 'rent',
      rentPeriod: 'month',
      price: 900,
      status: 'let_agreed',
      statusChangedAt: daysAgo(41),
    });
    const soldOld = await insertListing(db, { status: 'sold_stc', statusChangedAt: daysAgo(244) });
    const soldNew = await insertListing(db, {
      status: 'under_offer',
      statusChangedAt: daysAgo(200),
    });
    await keepListingsFresh(db, { send: undefined, publicUrl: 'https://roost.test', now });
    expect((await statusOf(letOld)).status).toBe('removed');
    expect((await statusOf(letNew)).status).toBe('let_agreed');
    expect((await statusOf(soldOld)).status).toBe('removed');
    expect((await statusOf(soldNew)).status).toBe('under_offer');
  });

  it('a relist of the same address within 14 weeks keeps its date and price history', async () => {
    const db = database.db;
    const firstListed = daysAgo(60);
    const old = await insertListing(db, {
      ownerSub: 'relister',
      addressLine1: '7 Mill Lane',
      postcode: 'LS6 2AB',
      status: 'removed',
      publishedAt: firstListed,
      statusChangedAt: daysAgo(20),
    });
    await db
      .insert(listingPriceHistory)
      .values({ listingId: old, price: 210_000, changedAt: firstListed });
    await db.insert(listingDrafts).values({
      id: 'relistdraft0000000000A',
      ownerSub: 'relister',
      data: {
        channel: 'sale',
        propertyType: 'terraced',
        addressLine1: '7 Mill Lane',
        town: 'Leeds',
        postcode: 'LS6 2AB',
        title: 'Three bedroom terraced house',
        description: 'A well kept terraced house close to the park and shops.',
        bedrooms: 3,
        bathrooms: 1,
        receptions: 1,
        tenure: 'freehold',
        councilTaxBand: 'C',
        epcRating: 'D',
        price: 200_000,
        priceQualifier: 'guide_price',
      },
      media: [{ key: 'a'.repeat(64), kind: 'photo', width: 10, height: 10, caption: '' }],
    });
    const geocoder = {
      locatePostcode: async () => ({ lat: 53.8, lng: -1.57 }),
      locateOutcode: async () => undefined,
    };
    const { id } = await publishListingDraft(db, geocoder, {
      draftId: 'relistdraft0000000000A',
      user: { sub: 'relister', email: 'r@example.com' },
    });
    const relisted = await statusOf(id);
    expect(relisted.publishedAt?.getTime()).toBe(firstListed.getTime());
    const history = await db
      .select()
      .from(listingPriceHistory)
      .where(eq(listingPriceHistory.listingId, id));
    expect(history.map((entry) => entry.price)).toEqual([210_000, 200_000]);
  });
});
