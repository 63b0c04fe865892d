import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAppError, member } from '../../../tests/support/listing-world.ts';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { createLocalBlobStore } from '../../media/blob-store.ts';
import { DEFAULT_IMAGE_LIMITS } from '../../media/process-image.ts';
import type { ListerEmail } from '../enquiries/submit-enquiry.ts';
import { createMarketplace, type Marketplace } from '../marketplace.ts';
import { checkLiveLets, LET_RULES_GRACE_MS } from './check-live-lets.ts';
import { listings } from './schema.ts';

let database: TestDatabase;
let marketplace: Marketplace;
const sent: ListerEmail[] = [];
const alice = member('alice');
// Three weeks ago, so the 14 days have passed by the time the lister (on today's clock) acts.
const now = new Date(Date.now() - 21 * 86_400_000);

/** A let as it was published before the nation rules: Leeds unless moved. */
const aLet = (changes: Parameters<typeof insertListing>[1]) =>
  insertListing(database.db, {
    ownerSub: alice.userId,
    contactEmail: 'alice@example.com',
    channel: 'rent',
    propertyType: 'flat',
    title: 'Two bedroom flat near the park',
    description: 'A bright flat with a balcony, a modern kitchen and a bike store.',
    price: 1300,
    rentPeriod: 'month',
    deposit: 1000,
    furnished: 'furnished',
    letType: 'long_term',
    councilTaxBand: 'B',
    epcRating: 'C',
    publishedAt: now,
    ...changes,
  });

const edinburgh = { postcode: 'EH1 1AA', outcode: 'EH1', town: 'Edinburgh', country: 'Scotland' };
const belfast = {
  postcode: 'BT1 1AA',
  outcode: 'BT1',
  town: 'Belfast',
  country: 'Northern Ireland',
};
const cardiff = { postcode: 'CF10 1AA', outcode: 'CF10', town: 'Cardiff', country: 'Wales' };

const run = (at: Date) =>
  checkLiveLets(database.db, {
    send: async (email) => void sent.push(email),
    publicUrl: 'https://roost.test',
    now: at,
  });

const rowOf = async (id: number) =>
  (await database.db.select().from(listings).where(eq(listings.id, id)))[0]!;

beforeAll(async () => {
  database = await createTestDatabase();
  marketplace = createMarketplace({
    db: database.db,
    media: {
      blobs: createLocalBlobStore(path.join(os.tmpdir(), 'roost-live-lets-blobs')),
      limits: DEFAULT_IMAGE_LIMITS,
      maxPhotos: 3,
    },
    publicUrl: 'https://roost.test',
    enquiryLimitPerHour: 2,
    mail: () => async () => {},
    logger: pino({ level: 'silent' }),
  });
});

afterAll(async () => {
  await database?.destroy();
});

describe('the check of live lets against their nation rules', () => {
  let scottish: number;
  let irish: number;
  let bidding: number;
  let welsh: number;

  it('finds the lets that break a rule, e-mails their listers once and leaves them live', async () => {
    scottish = await aLet(edinburgh);
    irish = await aLet({ ...belfast, deposit: 1500 });
    bidding = await aLet({ description: 'Lovely flat near the park. Best and final offers.' });
    welsh = await aLet({ ...cardiff, deposit: 3000, registrationNumber: 'RSW-12345' });
    await aLet({ channel: 'sale', price: 200_000, deposit: null, rentPeriod: null });

    expect(await run(now)).toEqual({ found: 3, cleared: 0, paused: 0 });
    expect(sent.map((email) => email.subject).sort()).toEqual(
      Array(3).fill('Please update "Two bedroom flat near the park" within 14 days'),
    );
    expect(sent.find((email) => email.text.includes('s. 92B'))?.text).toMatch(
      /landlord registration number/,
    );
    const row = await rowOf(scottish);
    expect(row.status).toBe('active');
    expect(row.letRulesDueAt).toEqual(new Date(now.getTime() + LET_RULES_GRACE_MS));
    expect((await rowOf(irish)).letRuleIssues?.deposit).toMatch(/one month's rent/);
    expect((await rowOf(bidding)).letRuleIssues?.description).toMatch(/bids/);
    expect((await rowOf(welsh)).letRuleIssues).toBeNull();

    const own = await marketplace.listings.findOwn({ user: alice });
    expect(own.find((listing) => listing.id === scottish)?.letRules?.issues[0]).toMatch(
      /landlord registration/,
    );

    expect(await run(new Date(now.getTime() + 86_400_000))).toEqual({
      found: 0,
      cleared: 0,
      paused: 0,
    });
    expect(sent).toHaveLength(3);
  });

  it('clears a let its lister fixes within the 14 days', async () => {
    await marketplace.listings.update({
      user: alice,
      listingId: irish,
      input: { deposit: 1300, domesticRatesPerYear: 900, councilTaxBand: 'domestic_rates' },
    });
    expect((await rowOf(irish)).letRuleIssues).toBeNull();
    await database.db
      .update(listings)
      .set({ description: 'A bright flat near the park.' })
      .where(eq(listings.id, bidding));
    expect(await run(new Date(now.getTime() + 2 * 86_400_000))).toMatchObject({ cleared: 1 });
  });

  it('pauses a let still breaking a rule after 14 days, and keeps it off until it is edited', async () => {
    sent.length = 0;
    const later = new Date(now.getTime() + LET_RULES_GRACE_MS + 1000);
    expect(await run(later)).toEqual({ found: 0, cleared: 0, paused: 1 });
    expect((await rowOf(scottish)).status).toBe('paused');
    expect(sent.map((email) => email.subject)).toEqual([
      '"Two bedroom flat near the park" is paused until it is updated',
    ]);

    const error = await expectAppError(
      marketplace.listings.changeStatus({
        user: alice,
        listingId: scottish,
        input: { status: 'active' },
      }),
      'CONFLICT',
    );
    expect(error.fields?.status).toMatch(/landlord registration/);

    await marketplace.listings.update({
      user: alice,
      listingId: scottish,
      input: { registrationNumber: '123456/230/12345' },
    });
    await marketplace.listings.changeStatus({
      user: alice,
      listingId: scottish,
      input: { status: 'active' },
    });
    expect(await rowOf(scottish)).toMatchObject({
      status: 'active',
      registrationNumber: '123456/230/12345',
      letRuleIssues: null,
    });
  });
});
