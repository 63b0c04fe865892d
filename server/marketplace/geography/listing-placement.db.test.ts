import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { createListing, updateListing } from '../listings/save-listing.ts';
import { listings } from '../listings/schema.ts';
import { createOfflineGeocoder } from '../search/geocoder.ts';
import { centroidTables } from './postcode-centroids.ts';

/** A listing's coordinates and stored country come from the same placement as searches. */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const aSale = (postcode: string, town: string) => ({
  channel: 'sale',
  propertyType: 'terraced',
  addressLine1: '1 Border Row',
  town,
  postcode,
  title: 'Two bedroom terraced house',
  description: 'A terraced house with a yard, close to the shops and the station.',
  bedrooms: 2,
  bathrooms: 1,
  receptions: 1,
  tenure: 'freehold',
  councilTaxBand: 'B',
  epcRating: 'D',
  price: 180000,
  priceQualifier: 'offers_over',
});

const stored = async (id: number) => {
  const [row] = await database.db
    .select({ lat: listings.lat, lng: listings.lng, country: listings.country })
    .from(listings)
    .where(eq(listings.id, id));
  return row!;
};

describe('a listing saved with a postcode', () => {
  it.each([
    ['TD15 1AA', 'Berwick-upon-Tweed', 'TD15 1', 'England'],
    ['CH5 4HS', 'Deeside', 'CH5 4', 'Wales'],
    ['NP16 7AA', 'Tidenham', 'NP16 7', 'England'],
    ['PH33 6AN', 'Fort William', 'PH33 6', 'Scotland'],
  ])('%s (%s) sits at sector %s and is stored as in %s', async (postcode, town, sector, nation) => {
    const geocoder = createOfflineGeocoder(database.db);
    const { id } = await createListing(database.db, geocoder, {
      user: { sub: `lister-${sector}`, email: 'lister@example.com' },
      input: aSale(postcode, town),
    });
    const { lat, lng } = centroidTables().sectors.get(sector)!;
    expect(await stored(id)).toEqual({ lat, lng, country: nation });
  });

  it('is placed and stamped again when its postcode changes', async () => {
    const geocoder = createOfflineGeocoder(database.db);
    const sub = 'lister-moving';
    const { id } = await createListing(database.db, geocoder, {
      user: { sub, email: 'mover@example.com' },
      input: aSale('TD14 5AA', 'Eyemouth'),
    });
    expect((await stored(id)).country).toBe('Scotland');
    await updateListing(database.db, geocoder, {
      listingId: id,
      userSub: sub,
      input: { postcode: 'TD15 2BB', town: 'Berwick-upon-Tweed' },
    });
    const { lat, lng } = centroidTables().sectors.get('TD15 2')!;
    expect(await stored(id)).toEqual({ lat, lng, country: 'England' });
  });
});
