import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAppError, member } from '../../../tests/support/listing-world.ts';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { createLocalBlobStore } from '../../media/blob-store.ts';
import { DEFAULT_IMAGE_LIMITS } from '../../media/process-image.ts';
import { createMarketplace, type Marketplace } from '../marketplace.ts';

let database: TestDatabase;
let marketplace: Marketplace;
const alice = member('alice');

/** One unambiguous postcode per nation, and where the offline geocoder places its district. */
const places = {
  England: { postcode: 'LS6 2AB', town: 'Leeds', outcode: 'LS6', lat: 53.82, lng: -1.57 },
  Wales: { postcode: 'CF10 1AA', town: 'Cardiff', outcode: 'CF10', lat: 51.48, lng: -3.18 },
  Scotland: { postcode: 'EH1 1AA', town: 'Edinburgh', outcode: 'EH1', lat: 55.95, lng: -3.19 },
  'Northern Ireland': {
    postcode: 'BT1 1AA',
    town: 'Belfast',
    outcode: 'BT1',
    lat: 54.6,
    lng: -5.93,
  },
} as const;
type Nation = keyof typeof places;

const registration: Record<Nation, string | undefined> = {
  England: undefined,
  Wales: 'RSW-12345-67890',
  Scotland: '123456/230/12345',
  'Northern Ireland': undefined,
};

/** A lawful let at £1,300 a month in the nation's capital (or Leeds). */
function aLet(nation: Nation, changes: Record<string, unknown> = {}) {
  const place = places[nation];
  return {
    channel: 'rent',
    propertyType: 'flat',
    addressLine1: '12 High Street',
    town: place.town,
    postcode: place.postcode,
    title: 'Bright two bedroom flat near the park',
    description: 'A bright flat with a balcony, a modern kitchen and a bike store. Close to shops.',
    keyFeatures: ['Balcony'],
    bedrooms: 2,
    bathrooms: 1,
    receptions: 1,
    ...(nation === 'Northern Ireland'
      ? { councilTaxBand: 'domestic_rates', domesticRatesPerYear: 900 }
      : { councilTaxBand: 'B' }),
    epcRating: 'C',
    price: 1300,
    rentPeriod: 'month',
    deposit: 1000,
    furnished: 'furnished',
    letType: 'long_term',
    registrationNumber: registration[nation],
    ...changes,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  for (const place of Object.values(places)) {
    await insertListing(database.db, { ...place, postcode: place.postcode });
  }
  marketplace = createMarketplace({
    db: database.db,
    media: {
      blobs: createLocalBlobStore(path.join(os.tmpdir(), 'roost-let-rules-blobs')),
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

const fieldsOfFailure = async (promise: Promise<unknown>) =>
  (await expectAppError(promise, 'VALIDATION_FAILED')).fields ?? {};

describe('lets through the API follow the law of their nation', () => {
  it.each(Object.keys(places) as Nation[])('publishes a lawful let in %s', async (nation) => {
    const { id } = await marketplace.listings.create({ user: alice, input: aLet(nation) });
    const listing = await marketplace.listings.get({ listingId: id });
    expect(listing).toMatchObject({ status: 'active', country: nation });
    expect(listing!.registrationNumber).toBe(registration[nation] ?? null);
  });

  it.each([
    ['England', 1501, /at most £1,500: 5 weeks' rent/],
    ['Scotland', 2601, /at most £2,600: 2 months' rent \(Rent \(Scotland\) Act 1984/],
    ['Northern Ireland', 1301, /at most £1,300: one month's rent \(Private Tenancies Act/],
  ] as const)('refuses a deposit over the cap of %s', async (nation, deposit, message) => {
    const fields = await fieldsOfFailure(
      marketplace.listings.create({ user: alice, input: aLet(nation, { deposit }) }),
    );
    expect(fields.deposit).toMatch(message);
  });

  it("takes a deposit above England's cap in Wales, which sets none", async () => {
    const { id } = await marketplace.listings.create({
      user: alice,
      input: aLet('Wales', { deposit: 3000, holdingDeposit: 300 }),
    });
    expect((await marketplace.listings.get({ listingId: id }))!.deposit).toBe(3000);
  });

  it('refuses a Scottish let without the landlord registration number', async () => {
    const fields = await fieldsOfFailure(
      marketplace.listings.create({
        user: alice,
        input: aLet('Scotland', { registrationNumber: undefined }),
      }),
    );
    expect(fields.registrationNumber).toMatch(/landlord registration pending/);
  });

  it.each(Object.keys(places) as Nation[])(
    'refuses bidding and rent-in-advance wording in %s',
    async (nation) => {
      const fields = await fieldsOfFailure(
        marketplace.listings.create({
          user: alice,
          input: aLet(nation, {
            title: 'Two bed flat - best and final offers',
            description: 'A bright flat near the park. Six months rent in advance required.',
            keyFeatures: ['Highest bid secures'],
          }),
        }),
      );
      expect(Object.keys(fields).sort()).toEqual(['description', 'keyFeatures', 'title']);
    },
  );
});

describe('edits and the wizard follow the same rules', () => {
  it('refuses an edit that adds bidding wording to a live let', async () => {
    const { id } = await marketplace.listings.create({ user: alice, input: aLet('Scotland') });
    const fields = await fieldsOfFailure(
      marketplace.listings.update({
        user: alice,
        listingId: id,
        input: { description: 'A bright flat near the park. Highest offer secures the tenancy.' },
      }),
    );
    expect(fields.description).toMatch(/bids/);
  });

  it('refuses a rent cut that would leave the deposit over the Northern Irish cap', async () => {
    const { id } = await marketplace.listings.create({
      user: alice,
      input: aLet('Northern Ireland', { deposit: 1300 }),
    });
    const error = await expectAppError(
      marketplace.listings.changePrice({ user: alice, listingId: id, input: { price: 1200 } }),
      'VALIDATION_FAILED',
    );
    expect(error.fields?.price).toMatch(/at most £1,200 in Northern Ireland/);
  });

  it('checks the price step against the nation of the saved postcode', async () => {
    const draft = await marketplace.listings.startDraft({ user: alice, clientIp: '192.0.2.9' });
    const save = (step: number, fields: Record<string, unknown>) =>
      marketplace.listings.saveDraftStep({ user: alice, draftId: draft.id, step, fields });
    await save(1, { channel: 'rent', propertyType: 'flat' });
    await save(2, { addressLine1: '1 Royal Mile', town: 'Edinburgh', postcode: 'eh1 1aa' });
    const priceStep = {
      channel: 'rent',
      price: 1300,
      rentPeriod: 'month',
      deposit: 2600,
      furnished: 'furnished',
      letType: 'long_term',
    };
    const fields = await fieldsOfFailure(save(6, priceStep));
    expect(Object.keys(fields)).toEqual(['registrationNumber']);
    const saved = await save(6, {
      ...priceStep,
      registrationNumber: 'landlord registration pending',
    });
    expect(saved.data.registrationNumber).toBe('landlord registration pending');
  });
});
