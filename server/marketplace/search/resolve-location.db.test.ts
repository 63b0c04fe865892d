import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { loadGazetteer, type Gazetteer } from './gazetteer.ts';
import { createListingCentroidGeocoder, createPostcodesIoGeocoder } from './geocoder.ts';
import { POSTCODE_AREA_TOWNS } from './postcode-areas.ts';
import { resolveLocation } from './resolve-location.ts';
import { runSearch } from './run-search.ts';
import { createSearchService } from './search-service.ts';

let database: TestDatabase;
let gazetteer: Gazetteer;
beforeAll(async () => {
  database = await createTestDatabase();
  gazetteer = await loadGazetteer(database.db);
  await insertListing(database.db, { outcode: 'LS6', postcode: 'LS6 2AB', lat: 53.82, lng: -1.58 });
  await insertListing(database.db, { outcode: 'LS6', postcode: 'LS6 3CD', lat: 53.84, lng: -1.56 });
});
afterAll(() => database.destroy());

const resolve = (text: string) =>
  resolveLocation(gazetteer, createListingCentroidGeocoder(database.db), text);

describe('resolveLocation', () => {
  it('finds towns from the GeoNames gazetteer, the most populous of a shared name first', async () => {
    const leeds = await resolve('leeds');
    expect(leeds).toMatchObject({
      status: 'found',
      location: { kind: 'place', slug: 'leeds', label: 'Leeds' },
    });
    if (leeds.status === 'found') {
      expect(leeds.location.lat).toBeCloseTo(53.8, 1);
      expect(leeds.location.lng).toBeCloseTo(-1.55, 1);
    }
    const newport = await resolve('Newport');
    expect(newport.status === 'found' && newport.location.lng).toBeCloseTo(-3.0, 1); // Newport, Wales
  });

  it('places a district and a full postcode at the centre of its listings, offline', async () => {
    const district = await resolve('ls6');
    expect(district).toMatchObject({
      status: 'found',
      location: { kind: 'outcode', outcode: 'LS6' },
    });
    if (district.status === 'found') expect(district.location.lat).toBeCloseTo(53.83, 2);
    const postcode = await resolve('ls62ab');
    expect(postcode).toMatchObject({
      status: 'found',
      location: { kind: 'postcode', postcode: 'LS6 2AB', lat: 53.82 },
    });
    const sameArea = await resolve('LS9 9ZZ'); // no listings in LS9: the LS area's centre
    expect(sameArea.status).toBe('found');
  });

  it('places a full postcode by the finest of its postcode, sector, district, area and post town', async () => {
    const placed = async (text: string) => {
      const lookup = await resolve(text);
      if (lookup.status !== 'found' || lookup.location.kind !== 'postcode') {
        throw new Error(`${text} was not placed as a postcode`);
      }
      return lookup.location;
    };
    expect(await placed('LS6 2AB')).toMatchObject({ placedBy: 'postcode', isApproximate: true });
    // Same sector as LS6 2AB only, so at that home rather than between the two.
    const sector = await placed('LS6 2ZZ');
    expect(sector).toMatchObject({ placedBy: 'sector', lat: 53.82, lng: -1.58 });
    const district = await placed('LS6 9ZZ');
    expect(district.placedBy).toBe('district');
    expect(district.lat).toBeCloseTo(53.83, 2);
    expect(await placed('LS9 9ZZ')).toMatchObject({ placedBy: 'area' });
    expect(await placed('M1 1AE')).toMatchObject({ placedBy: 'post-town' });
  });

  it('places a district in every UK postcode area, at least by its post town', async () => {
    const geocoder = createListingCentroidGeocoder(database.db);
    const unplaced: string[] = [];
    for (const area of Object.keys(POSTCODE_AREA_TOWNS)) {
      const point = await geocoder.locateOutcode(`${area}1`);
      if (!point) unplaced.push(area);
      else expect(point.isApproximate).toBe(true);
    }
    expect(unplaced).toEqual([]);
  });

  it('offers similar names when nothing matches', async () => {
    const typo = await resolve('Lebds');
    expect(typo.status).toBe('not-found');
    if (typo.status === 'not-found') {
      expect(typo.message).toContain('Lebds');
      expect(typo.suggestions.map((place) => place.slug)).toContain('leeds');
    }
  });

  it('finds a place by a word of its name', async () => {
    const hull = await resolve('Hull');
    expect(hull.status === 'not-found' && hull.suggestions.map((place) => place.name)).toContain(
      'Kingston upon Hull',
    );
  });

  it('places any full postcode offline by its area’s post town, marked approximate', async () => {
    const palace = await resolve('sw1a 1aa'); // no listings in SW: London's centre
    expect(palace).toMatchObject({
      status: 'found',
      location: { kind: 'postcode', postcode: 'SW1A 1AA', isApproximate: true },
    });
    if (palace.status === 'found') {
      expect(palace.location.lat).toBeCloseTo(51.5, 1);
      expect(palace.location.lng).toBeCloseTo(-0.13, 1);
    }
    const shetland = await resolve('ZE2 9AA');
    expect(shetland.status === 'found' && shetland.location.lat).toBeCloseTo(60.15, 1);
  });

  it('says clearly when a district has nothing near it', async () => {
    const lookup = await resolve('GY1'); // Guernsey: no UK post town in the gazetteer
    expect(lookup).toMatchObject({ status: 'not-found' });
  });

  it('uses postcodes.io when configured and falls back when it is unreachable', async () => {
    const geocoder = createPostcodesIoGeocoder({
      baseUrl: 'http://127.0.0.1:9', // nothing listens on the discard port
      fallback: createListingCentroidGeocoder(database.db),
      timeoutMs: 500,
    });
    expect(await geocoder.locateOutcode('LS6')).toMatchObject({ lat: expect.closeTo(53.83, 2) });
  });
});

describe('runSearch', () => {
  const run = (search: string, placeSlug?: string) =>
    runSearch(
      database.db,
      createListingCentroidGeocoder(database.db),
      { channel: 'sale', params: new URLSearchParams(search), placeSlug },
      gazetteer,
    );

  it('gives a normal page for nonsense, ignoring what cannot be used', async () => {
    const page = await run(`minPrice=abc&radius=-5&keywords=${'x'.repeat(10_000)}&sort=nearest`);
    expect(page.notices.length).toBeGreaterThanOrEqual(3);
    expect(page.locationProblem).toBeNull();
    expect(page.query.sort).toBe('newest');
  });

  it('searches a town by its canonical slug', async () => {
    const page = await run('radius=10', 'leeds');
    expect(page.location?.label).toBe('Leeds');
    expect(page.placeSlug).toBe('leeds');
    expect(page.total).toBe(2);
  });

  it('searches around the visitor’s current location', async () => {
    const page = await run('near=53.83,-1.57&radius=3');
    expect(page.location).toMatchObject({ kind: 'point', label: 'your location' });
    expect(page.total).toBe(2);
    expect((await run('near=53.83,-1.57&radius=0')).total).toBe(0); // ¼ mile: neither listing
  });

  it('says how an approximately placed postcode or district was placed', async () => {
    const palace = await run('location=SW1A 1AA&radius=5');
    expect(palace.location).toMatchObject({ kind: 'postcode', placedBy: 'post-town' });
    expect(palace.notices).toContain(
      'We placed SW1A 1AA approximately (at the centre of London, the post town of the SW postcode area), so distances are rough.',
    );
    const nearHomes = await run('location=LS6 2ZZ');
    expect(nearHomes.notices).toContain(
      'We placed LS6 2ZZ approximately (by postcode sector LS6 2, from the homes listed there), so distances are rough.',
    );
    const district = await run('location=ls6');
    expect(district.notices).toContain(
      'We placed LS6 approximately (by postcode district LS6, from the homes listed there), so distances are rough.',
    );
    expect(district.total).toBe(2);
    const manchester = await run('location=M1');
    expect(manchester.notices).toContain(
      'We placed M1 approximately (at the centre of Manchester, the post town of the M postcode area), so distances are rough.',
    );
    expect((await run('location=Leeds')).notices).toEqual([]);
  });

  it('explains an unknown place instead of showing an empty page', async () => {
    const page = await run('location=Nowheresville on Sea');
    expect(page.locationProblem?.message).toContain('Nowheresville');
    expect(page.total).toBe(0);
  });
});

describe('the search service', () => {
  it('reads the gazetteer once: places do not change while the server runs', async () => {
    const geocoder = createListingCentroidGeocoder(database.db);
    const search = createSearchService({ db: database.db, geocoder });
    const leedsPage = {
      channel: 'sale' as const,
      params: new URLSearchParams(),
      placeSlug: 'leeds',
    };
    expect((await search.run(leedsPage)).location?.label).toBe('Leeds');
    await database.db.execute(
      sql`update market.places set slug = 'leeds-elsewhere' where slug = 'leeds'`,
    );
    try {
      // Held in memory: the changed row is not seen…
      expect((await search.run(leedsPage)).location?.label).toBe('Leeds');
      expect((await search.suggestPlaces({ text: 'lebds' }))[0]?.slug).toBe('leeds');
      // …which a fresh read would have seen.
      const reread = await loadGazetteer(database.db);
      expect(
        (await runSearch(database.db, geocoder, leedsPage, reread)).locationProblem,
      ).not.toBeNull();
    } finally {
      await database.db.execute(
        sql`update market.places set slug = 'leeds' where slug = 'leeds-elsewhere'`,
      );
    }
  });
});
