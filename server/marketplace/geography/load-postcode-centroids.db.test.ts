import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { appState } from '../db/app-state-schema.ts';
import { listings } from '../listings/schema.ts';
import { findDistrictCentroid, findSectorCentroid } from './find-centroid.ts';
import { loadPostcodeCentroids } from './load-postcode-centroids.ts';
import { postcodeDistricts, postcodeSectors } from './schema.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const countOf = async (table: typeof postcodeSectors | typeof postcodeDistricts) =>
  (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe('the postcode centroids loaded at migration time', () => {
  it('hold every sector and district of the shipped files, with its nation', async () => {
    expect(await countOf(postcodeSectors)).toBe(12_005);
    expect(await countOf(postcodeDistricts)).toBe(2_995);
    expect(await findSectorCentroid(database.db, 'SW1A 1')).toEqual({
      lat: 51.5026,
      lng: -0.13906,
    });
    expect(await findDistrictCentroid(database.db, 'EH1')).toEqual({
      lat: 55.95226,
      lng: -3.19212,
    });
    const [berwick] = await database.db
      .select({ nation: postcodeSectors.nation })
      .from(postcodeSectors)
      .where(eq(postcodeSectors.sector, 'TD15 1'));
    expect(berwick?.nation).toBe('England');
    expect(await findSectorCentroid(database.db, 'BT1 1')).toBeUndefined();
  });

  it('are not loaded again while the files are unchanged', async () => {
    expect(await loadPostcodeCentroids(database.db)).toBeUndefined();
  });

  it('correct the country stored for listings saved under the old prefix rule, when loaded', async () => {
    const stored = {
      'TD15 1AA': await insertListing(database.db, {
        postcode: 'TD15 1AA',
        outcode: 'TD15',
        country: 'Scotland',
      }),
      'CH5 4HS': await insertListing(database.db, {
        postcode: 'CH5 4HS',
        outcode: 'CH5',
        country: 'England',
      }),
      'NP16 7AA': await insertListing(database.db, {
        postcode: 'NP16 7AA',
        outcode: 'NP16',
        country: 'Wales',
      }),
      'EH1 1YZ': await insertListing(database.db, {
        postcode: 'EH1 1YZ',
        outcode: 'EH1',
        country: 'Scotland',
      }),
    };
    // As on a database migrated before these files shipped (or from an older copy of them).
    await database.db.delete(appState).where(eq(appState.key, 'postcode-centroids'));
    expect(await loadPostcodeCentroids(database.db)).toBe(3);
    const rows = await database.db
      .select({ postcode: listings.postcode, country: listings.country })
      .from(listings)
      .where(inArray(listings.id, Object.values(stored)));
    expect(Object.fromEntries(rows.map((row) => [row.postcode, row.country]))).toEqual({
      'TD15 1AA': 'England',
      'CH5 4HS': 'Wales',
      'NP16 7AA': 'England',
      'EH1 1YZ': 'Scotland',
    });
    expect(await countOf(postcodeSectors)).toBe(12_005);
  });
});
