import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { loadGazetteer, type Gazetteer } from './gazetteer.ts';
import { centroidTables } from '../geography/postcode-centroids.ts';
import { createOfflineGeocoder, createPostcodesIoGeocoder } from './geocoder.ts';
import { POSTCODE_AREA_TOWNS } from './postcode-areas.ts';
import { resolveLocation } from './resolve-location.ts';
import { runMapSearch, runSearch } from './run-search.ts';
import { createSearchService } from './search-service.ts';

let database: TestDatabase;
let gazetteer: Gazetteer;
beforeAll(async () => {
  database = await createTestDatabase();
  gazetteer = await loadGazetteer(database.db);
  await insertListing(database.db, { outcode: 'LS6', postcode: 'LS6 2AB', lat: 53.82, lng: -1.58 });
  await insertListing(database.db, { outcode: 'LS6', postcode: 'LS6 3CD', lat: 53.84, lng: -1.56 });
  // Belfast: Northern Ireland's postcodes are not in the ONS lookup, so homes place them.
  const belfast = { town: 'Belfast', country: 'Northern Ireland', outcode: 'BT9' };
  await insertListing(database.db, { ...belfast, postcode: 'BT9 5AB', lat: 54.58, lng: -5.94 });
  await insertListing(database.db, { ...belfast, postcode: 'BT9 6CD', lat: 54.57, lng: -5.95 });
});

/** Metres between two points on the sphere (near enough at these distances). */
function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const radians = Math.PI / 180;
  const x = (b.lng - a.lng) * radians * Math.cos(((a.lat + b.lat) / 2) * radians);
  const y = (b.lat - a.lat) * radians;
  return Math.hypot(x, y) * 6_371_000;
}
afterAll(() => database.destroy());

const resolve = (text: string) =>
  resolveLocation(gazetteer, createOfflineGeocoder(database.db), text);

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

  const placed = async (text: string) => {
    const lookup = await resolve(text);
    if (
      lookup.status !== 'found' ||
      (lookup.location.kind !== 'postcode' && lookup.location.kind !== 'outcode')
    ) {
      throw new Error(`${text} was not placed as a postcode or district`);
    }
    return lookup.location;
  };

  // Far from their post towns (Leeds, Perth, Swansea, Truro), where the old placement put them.
  it.each([
    ['LS29 8AZ', 'LS29 8', 'Ilkley'],
    ['PH33 6AN', 'PH33 6', 'Fort William'],
    ['SA62 6QR', 'SA62 6', 'St Davids'],
    ['TR21 0JA', 'TR21 0', 'the Isles of Scilly'],
    ['td151aa', 'TD15 1', 'Berwick-upon-Tweed'],
  ])('places %s within 1 km of its sector %s (%s), offline', async (postcode, sector) => {
    const location = await placed(postcode);
    expect(location).toMatchObject({ placedBy: 'sector-centroid', isApproximate: true });
    const centre = centroidTables().sectors.get(sector)!;
    expect(metresBetween(location, centre)).toBeLessThan(1000);
  });

  it('places a postcode whose sector the lookup lacks by its district', async () => {
    const location = await placed('LS29 5ZZ'); // LS29 has no sector 5
    expect(location).toMatchObject({ placedBy: 'district-centroid', isApproximate: true });
    expect(metresBetween(location, centroidTables().districts.get('LS29')!)).toBeLessThan(1000);
  });

  it('places a district search at its own centre, with nothing approximate to say', async () => {
    const location = await placed('ls29');
    expect(location).toMatchObject({ kind: 'outcode', placedBy: 'district-centroid' });
    expect(location.isApproximate).toBeUndefined();
    expect(metresBetween(location, centroidTables().districts.get('LS29')!)).toBeLessThan(1000);
  });

  it('places a BT postcode by the finest of its homes listed, then its post town', async () => {
    // The homes listed in the postcode, then in its sector (BT9 5 holds only BT9 5AB)…
    expect(await placed('BT9 5AB')).toMatchObject({ placedBy: 'postcode', lat: 54.58 });
    expect(await placed('BT9 5ZZ')).toMatchObject({ placedBy: 'sector', lat: 54.58, lng: -5.94 });
    // …its district, its area, and else Belfast, the BT area's post town.
    const district = await placed('BT9 7ZZ');
    expect(district.placedBy).toBe('district');
    expect(district.lat).toBeCloseTo(54.575, 3);
    expect(await placed('BT1 1AA')).toMatchObject({ placedBy: 'area' });
    expect(await placed('BT9')).toMatchObject({ placedBy: 'district', isApproximate: true });
  });

  it('places a district in every UK postcode area, at least by its post town', async () => {
    const geocoder = createOfflineGeocoder(database.db);
    const unplaced: string[] = [];
    for (const area of Object.keys(POSTCODE_AREA_TOWNS)) {
      const point = await geocoder.locateOutcode(`${area}1`);
      if (!point) unplaced.push(area);
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

  it('places a postcode the lookup has never seen, with no homes near, at its post town', async () => {
    // ZE9 is not a district yet, and nothing is listed in Shetland: Lerwick.
    const shetland = await placed('ZE9 9AA');
    expect(shetland).toMatchObject({ placedBy: 'post-town', isApproximate: true });
    expect(shetland.lat).toBeCloseTo(60.15, 1);
  });

  it('says clearly when a district has nothing near it', async () => {
    const lookup = await resolve('GY1'); // Guernsey: no UK post town in the gazetteer
    expect(lookup).toMatchObject({ status: 'not-found' });
  });

  it('uses postcodes.io when configured and falls back when it is unreachable', async () => {
    const geocoder = createPostcodesIoGeocoder({
      baseUrl: 'http://127.0.0.1:9', // nothing listens on the discard port
      fallback: createOfflineGeocoder(database.db),
      timeoutMs: 500,
    });
    const { lat, lng } = centroidTables().districts.get('LS6')!;
    expect(await geocoder.locateOutcode('LS6')).toEqual({
      lat,
      lng,
      placedBy: 'district-centroid',
    });
  });
});

describe('runSearch', () => {
  const run = (search: string, placeSlug?: string) =>
    runSearch(
      database.db,
      createOfflineGeocoder(database.db),
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
    const ilkley = await run('location=LS29 8AZ');
    expect(ilkley.location).toMatchObject({ kind: 'postcode', placedBy: 'sector-centroid' });
    expect(ilkley.notices).toContain(
      'We placed LS29 8AZ by its postcode sector (LS29 8), so distances are approximate.',
    );
    expect((await run('location=LS29 5ZZ')).notices).toContain(
      'We placed LS29 5ZZ by its postcode district (LS29), so distances are rough.',
    );
    expect((await run('location=BT9 5ZZ')).notices).toContain(
      "We placed BT9 5ZZ approximately (by postcode sector BT9 5, from the homes listed there: Northern Ireland's postcode locations are not open data), so distances are rough.",
    );
    expect((await run('location=ZE9 9AA')).notices).toContain(
      'We placed ZE9 9AA approximately (at the centre of Lerwick, the post town of the ZE postcode area: it is newer than our postcode lookup), so distances are rough.',
    );
    const district = await run('location=ls6');
    expect(district.notices).toEqual([]);
    expect(district.total).toBe(2);
    expect((await run('location=Leeds')).notices).toEqual([]);
  });

  it('opens a postcode search half a mile round the postcode, finding the homes there', async () => {
    // About 550 m north of the LS29 8 sector's centre: beyond a quarter of a mile, within a half.
    const ilkley = { town: 'Ilkley', outcode: 'LS29', postcode: 'LS29 8AB' };
    await insertListing(database.db, { ...ilkley, lat: 53.92949, lng: -1.80998 });
    const page = await run('location=LS29 8AZ');
    expect(page.query.radius).toBe(0.5);
    expect(page.total).toBe(1);
    expect((await run('location=LS29 8AZ&radius=0')).total).toBe(0);
  });

  it('gives the map the point a postcode search is measured from', async () => {
    const map = await runMapSearch(
      database.db,
      createOfflineGeocoder(database.db),
      { channel: 'sale', params: new URLSearchParams('location=PH33 6AN') },
      gazetteer,
    );
    const { lat, lng } = centroidTables().sectors.get('PH33 6')!;
    expect(map).toMatchObject({ total: 0, centre: { lat, lng, label: 'PH33 6AN' } });
  });

  it('explains an unknown place instead of showing an empty page', async () => {
    const page = await run('location=Nowheresville on Sea');
    expect(page.locationProblem?.message).toContain('Nowheresville');
    expect(page.total).toBe(0);
  });
});

describe('the search service', () => {
  it('reads the gazetteer once: places do not change while the server runs', async () => {
    const geocoder = createOfflineGeocoder(database.db);
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
