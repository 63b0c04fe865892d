// Over 400 lines: every filter's boundary on both engines, over one seeded area shared by all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_QUERY, type SearchQuery } from '../../../domain/search/search-params.ts';
import { aListing, insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { eq, inArray, sql } from 'drizzle-orm';
import { createViewCounter } from '../listings/view-counter.ts';
import { createLogger } from '../../logger.ts';
import {
  listingMedia,
  listingPriceHistory,
  listings,
  type NewListing,
} from '../listings/schema.ts';
import { findSummariesByIds } from './find-summaries.ts';
import type { ResolvedLocation } from './resolve-location.ts';
import { keywordSignature, SIGNATURE_WORDS } from './keyword-signature.ts';
import { listingSearch } from './schema.ts';
import { MAX_RESULTS, searchListings } from './search-listings.ts';

/**
 * Every filter at its boundary: a listing just inside is found, one just outside is not. Each
 * test works in its own patch of map, so tests never see each other's listings.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const EARTH_RADIUS_M = 6_378_168; // the sphere earthdistance measures on
const METRES_PER_MILE = 1609.344;
let areaCounter = 0;

function newArea() {
  areaCounter += 1;
  const centre = { lat: 50.5 + areaCounter * 0.3, lng: -4 + (areaCounter % 5) * 0.9 };
  const town = `Testtown ${areaCounter}`;
  const location: ResolvedLocation = {
    kind: 'place',
    label: town,
    slug: `testtown-${areaCounter}`,
    town,
    ...centre,
  };
  /** A point `miles` due north of the centre, measured on the sphere. */
  const north = (miles: number) => ({
    lat: centre.lat + ((miles * METRES_PER_MILE) / EARTH_RADIUS_M) * (180 / Math.PI),
    lng: centre.lng,
  });
  const add = (overrides: Partial<NewListing> = {}) =>
    insertListing(database.db, { ...centre, town, ...overrides });
  const search = async (query: Partial<SearchQuery>, channel: 'sale' | 'rent' = 'sale') => {
    const result = await searchListings(database.db, {
      channel,
      query: { ...DEFAULT_QUERY, radius: 1, ...query },
      location,
    });
    return result.items.map((item) => item.id);
  };
  return { centre, town, location, north, add, search };
}

describe('cards', () => {
  it('shows each home as every other list of cards does: cover photo, reduction, new badge', async () => {
    const area = newArea();
    const reduced = await area.add({ price: 240_000, publishedAt: new Date() });
    const plain = await area.add({ ...area.north(0.3), price: 300_000 });
    await database.db.insert(listingMedia).values([
      { listingId: reduced, position: 1, blobKey: 'second', width: 800, height: 600 },
      {
        listingId: reduced,
        position: 0,
        blobKey: 'first',
        width: 1200,
        height: 900,
        caption: 'Front',
      },
    ]);
    await database.db.insert(listingPriceHistory).values([
      { listingId: reduced, price: 250_000, changedAt: new Date(Date.now() - 5 * 86_400_000) },
      { listingId: reduced, price: 240_000, changedAt: new Date(Date.now() - 86_400_000) },
    ]);
    const { items } = await searchListings(database.db, {
      channel: 'sale',
      query: { ...DEFAULT_QUERY, radius: 1, sort: 'price-asc' },
      location: area.location,
    });
    const cards = items.map(({ floorAreaSqFt: _area, distanceMiles: _miles, ...card }) => card);
    expect(cards).toEqual(await findSummariesByIds(database.db, [reduced, plain]));
    expect(cards[0]).toMatchObject({
      cover: { key: 'first', width: 1200, height: 900, caption: 'Front' },
      isReduced: true,
      reduction: { by: 10_000 },
      isNew: true,
    });
    expect(items[1]!.distanceMiles).toBeCloseTo(0.3, 2);
  });
});

describe('radius', () => {
  it('includes homes just inside the circle and excludes those just outside, on the sphere', async () => {
    const area = newArea();
    const inside = await area.add(area.north(4.97));
    const outside = await area.add(area.north(5.03));
    const ids = await area.search({ radius: 5 });
    expect(ids).toContain(inside);
    expect(ids).not.toContain(outside);
  });

  it('reports distances and sorts by the nearest', async () => {
    const area = newArea();
    const far = await area.add(area.north(0.8));
    const near = await area.add(area.north(0.2));
    const result = await searchListings(database.db, {
      channel: 'sale',
      query: { ...DEFAULT_QUERY, radius: 1, sort: 'nearest' },
      location: area.location,
    });
    expect(result.items.map((item) => item.id)).toEqual([near, far]);
    expect(result.items[0]!.distanceMiles).toBeCloseTo(0.2, 2);
  });

  it("'this area only' means the town itself", async () => {
    const area = newArea();
    const inTown = await area.add(area.north(2));
    const nextTown = await area.add({ ...area.north(0.1), town: 'Elsewhere' });
    const ids = await area.search({ radius: 0 });
    expect(ids).toEqual([inTown]);
    expect(ids).not.toContain(nextTown);
  });

  it("'this area only' for a district means its postcode district", async () => {
    const area = newArea();
    const inDistrict = await area.add({ outcode: 'ZZ9', postcode: 'ZZ9 9ZZ' });
    await area.add({ outcode: 'ZZ8', postcode: 'ZZ8 9ZZ' });
    const result = await searchListings(database.db, {
      channel: 'sale',
      query: { ...DEFAULT_QUERY, radius: 0 },
      location: { kind: 'outcode', label: 'ZZ9', outcode: 'ZZ9', ...area.centre },
    });
    expect(result.items.map((item) => item.id)).toEqual([inDistrict]);
  });
});

describe('price', () => {
  it('includes the minimum and maximum themselves', async () => {
    const area = newArea();
    const atMin = await area.add({ price: 200_000 });
    const belowMin = await area.add({ price: 199_999 });
    const atMax = await area.add({ price: 250_000 });
    const aboveMax = await area.add({ price: 250_001 });
    const ids = await area.search({ minPrice: 200_000, maxPrice: 250_000 });
    expect(ids.sort()).toEqual([atMin, atMax].sort());
    expect(ids).not.toContain(belowMin);
    expect(ids).not.toContain(aboveMax);
  });

  it('compares weekly and monthly rents on the same footing', async () => {
    const area = newArea();
    const monthly = await area.add({ channel: 'rent', price: 1300, rentPeriod: 'month' });
    const weekly = await area.add({ channel: 'rent', price: 300, rentPeriod: 'week' }); // £1,300 pcm
    const dearer = await area.add({ channel: 'rent', price: 1301, rentPeriod: 'month' });
    const perWeek = await area.search({ maxPrice: 300, pricePeriod: 'week' }, 'rent');
    expect(perWeek.sort()).toEqual([monthly, weekly].sort());
    expect(perWeek).not.toContain(dearer);
    const perMonth = await area.search({ minPrice: 1301 }, 'rent');
    expect(perMonth).toEqual([dearer]);
  });

  it('sorts by price both ways', async () => {
    const area = newArea();
    const cheap = await area.add({ price: 100_000 });
    const dear = await area.add({ price: 300_000 });
    const middle = await area.add({ price: 200_000 });
    expect(await area.search({ sort: 'price-asc' })).toEqual([cheap, middle, dear]);
    expect(await area.search({ sort: 'price-desc' })).toEqual([dear, middle, cheap]);
  });
});

describe('bedrooms and property types', () => {
  it('includes the bedroom bounds themselves', async () => {
    const area = newArea();
    const one = await area.add({ bedrooms: 1 });
    const two = await area.add({ bedrooms: 2 });
    const three = await area.add({ bedrooms: 3 });
    const four = await area.add({ bedrooms: 4 });
    const ids = await area.search({ minBeds: 2, maxBeds: 3 });
    expect(ids.sort()).toEqual([two, three].sort());
    expect(ids).not.toContain(one);
    expect(ids).not.toContain(four);
  });

  it('matches any of the chosen types', async () => {
    const area = newArea();
    const flat = await area.add({ propertyType: 'flat' });
    const bungalow = await area.add({ propertyType: 'bungalow' });
    const detached = await area.add({ propertyType: 'detached' });
    const ids = await area.search({ types: ['flat', 'bungalow'] });
    expect(ids.sort()).toEqual([flat, bungalow].sort());
    expect(ids).not.toContain(detached);
  });
});

describe('added to site', () => {
  it('keeps listings published within the window', async () => {
    const area = newArea();
    const day = 86_400_000;
    const recent = await area.add({ publishedAt: new Date(Date.now() - 2.9 * day) });
    const older = await area.add({ publishedAt: new Date(Date.now() - 3.1 * day) });
    const ids = await area.search({ addedWithinDays: 3 });
    expect(ids).toEqual([recent]);
    expect(ids).not.toContain(older);
  });
});

describe('status', () => {
  it('hides agreed sales when asked', async () => {
    const area = newArea();
    const available = await area.add({ status: 'active' });
    const underOffer = await area.add({ status: 'under_offer' });
    const soldStc = await area.add({ status: 'sold_stc' });
    const paused = await area.add({ status: 'paused' });
    expect((await area.search({ includeAgreed: true })).sort()).toEqual(
      [available, underOffer, soldStc].sort(),
    );
    expect(await area.search({ includeAgreed: false })).toEqual([available]);
    expect(await area.search({})).not.toContain(paused);
  });
});

describe('pets considered', () => {
  it('keeps lets whose landlord considers pets, including after an edit turns it on', async () => {
    const area = newArea();
    const rent = { channel: 'rent' as const, rentPeriod: 'month' as const, price: 1200 };
    const withPets = await area.add({ ...rent, petsConsidered: true });
    const without = await area.add({ ...rent, petsConsidered: false });
    expect((await area.search({}, 'rent')).sort()).toEqual([withPets, without].sort());
    expect(await area.search({ petsConsidered: true }, 'rent')).toEqual([withPets]);
    await database.db
      .update(listings)
      .set({ petsConsidered: true })
      .where(eq(listings.id, without));
    expect((await area.search({ petsConsidered: true }, 'rent')).sort()).toEqual(
      [withPets, without].sort(),
    );
  });
});

describe('floor area', () => {
  it('includes the bounds, keeps unstated sizes but shows them last', async () => {
    const area = newArea();
    const unstated = await area.add({ floorAreaSqFt: null, publishedAt: new Date() });
    const atMin = await area.add({
      floorAreaSqFt: 1000,
      publishedAt: new Date(Date.now() - 60_000),
    });
    const belowMin = await area.add({ floorAreaSqFt: 999 });
    const atMax = await area.add({
      floorAreaSqFt: 1500,
      publishedAt: new Date(Date.now() - 120_000),
    });
    const aboveMax = await area.add({ floorAreaSqFt: 1501 });
    const ids = await area.search({ minArea: 1000, maxArea: 1500 });
    expect(ids).toEqual([atMin, atMax, unstated]);
    expect(ids).not.toContain(belowMin);
    expect(ids).not.toContain(aboveMax);
  });
});

describe('keywords', () => {
  it('searches title, key features and description with English stemming', async () => {
    const area = newArea();
    const gardensInDescription = await area.add({
      description: 'Two lovely gardens front and back.',
    });
    const gardenFeature = await area.add({ keyFeatures: ['South-facing garden'] });
    const garageOnly = await area.add({
      title: 'House with garage',
      description: 'Off-street parking.',
    });
    const ids = await area.search({ keywords: 'garden' });
    expect(ids.sort()).toEqual([gardensInDescription, gardenFeature].sort());
    expect(ids).not.toContain(garageOnly);
  });

  it('treats SQL and query syntax in keywords as plain words', async () => {
    const area = newArea();
    await area.add({ title: 'Cosy cottage' });
    for (const keywords of [
      "cottage'; drop table market.listings; --",
      'cottage & | ! ( ) :*',
      '"unbalanced',
    ]) {
      await expect(area.search({ keywords })).resolves.toBeInstanceOf(Array);
    }
    expect(await area.search({ keywords: "cottage'; --" })).toHaveLength(1);
  });

  it('finds exactly what the keyword vector finds, with or without the word bits', async () => {
    const area = newArea();
    const added = [
      await area.add({ description: 'Period features and a garden.' }),
      await area.add({ description: 'Features of the period: a garden room.' }),
      await area.add({ description: 'A garage and a thatched roof.', keyFeatures: ['Balcony'] }),
      await area.add({ title: 'Flat by the station', description: 'No outside space.' }),
    ];
    const [changed] = added;
    for (const keywords of [
      'garden',
      'gardens garage',
      '"period features"',
      'period features',
      'garden or balcony',
      'garden -period',
      'thatched',
      'thatched garage',
      'station flat',
      'the',
    ]) {
      const expected = await database.db
        .select({ id: listings.id })
        .from(listings)
        .where(
          sql`${inArray(listings.id, added)} and ${listings.searchVector} @@ websearch_to_tsquery('english', ${keywords})`,
        );
      expect((await area.search({ keywords })).sort(), keywords).toEqual(
        expected.map((row) => row.id).sort(),
      );
    }
    // A changed description changes the bits at once.
    await database.db
      .update(listings)
      .set({ description: 'Now with a balcony.' })
      .where(eq(listings.id, changed!));
    expect(await area.search({ keywords: 'garden' })).not.toContain(changed);
    expect(await area.search({ keywords: 'balcony' })).toContain(changed);
  });
});

describe('pagination', () => {
  it('counts every match and pages through them without overlap', async () => {
    const area = newArea();
    for (let index = 0; index < 30; index += 1)
      await area.add({ publishedAt: new Date(Date.now() - index * 1000) });
    const first = await searchListings(database.db, {
      channel: 'sale',
      query: { ...DEFAULT_QUERY, radius: 1 },
      location: area.location,
    });
    const second = await searchListings(database.db, {
      channel: 'sale',
      query: { ...DEFAULT_QUERY, radius: 1, page: 2 },
      location: area.location,
    });
    expect(first.total).toBe(30);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(24);
    expect(second.items).toHaveLength(6);
    expect(first.items.some((item) => second.items.some((other) => other.id === item.id))).toBe(
      false,
    );
  });
});

describe('rent filters', () => {
  it('filters by furnishing and let type', async () => {
    const area = newArea();
    const furnishedStudentLet = await area.add({
      channel: 'rent',
      price: 900,
      rentPeriod: 'month',
      furnished: 'furnished',
      letType: 'student',
    });
    const unfurnishedLongLet = await area.add({
      channel: 'rent',
      price: 900,
      rentPeriod: 'month',
      furnished: 'unfurnished',
      letType: 'long_term',
    });
    expect(await area.search({ furnished: 'furnished' }, 'rent')).toEqual([furnishedStudentLet]);
    expect(await area.search({ letType: 'long_term' }, 'rent')).toEqual([unfurnishedLongLet]);
  });
});

describe('the search table follows the listings', () => {
  it('reflects price and status changes and soft deletes at once', async () => {
    const area = newArea();
    const id = await area.add({ price: 300_000 });
    expect(await area.search({ maxPrice: 250_000 })).toEqual([]);
    await database.db.update(listings).set({ price: 240_000 }).where(eq(listings.id, id));
    expect(await area.search({ maxPrice: 250_000 })).toEqual([id]);
    await database.db.update(listings).set({ status: 'paused' }).where(eq(listings.id, id));
    expect(await area.search({})).toEqual([]);
    await database.db.update(listings).set({ status: 'active' }).where(eq(listings.id, id));
    expect(await area.search({})).toEqual([id]);
    await database.db.update(listings).set({ deletedAt: new Date() }).where(eq(listings.id, id));
    expect(await area.search({})).toEqual([]);
  });

  it('leaves the search row alone when a page view is counted, and follows an edit', async () => {
    const area = newArea();
    const id = await area.add({ price: 300_000 });
    // The row version: a new one each time the triggers rewrite the row.
    const version = async () => {
      const [row] = await database.db
        .select({ xmin: sql<string>`xmin::text` })
        .from(listingSearch)
        .where(eq(listingSearch.listingId, id));
      return row?.xmin;
    };
    const before = await version();
    const views = createViewCounter({
      db: database.db,
      logger: createLogger({ logLevel: 'silent' }),
      flushAfterMs: 3_600_000,
    });
    views.record(id);
    views.record(id);
    await views.close();
    const [counted] = await database.db
      .select({ views: listings.viewCount })
      .from(listings)
      .where(eq(listings.id, id));
    expect(counted?.views).toBe(2);
    expect(await version()).toBe(before);

    await database.db.update(listings).set({ price: 240_000 }).where(eq(listings.id, id));
    expect(await version()).not.toBe(before);
    expect(await area.search({ maxPrice: 250_000 })).toEqual([id]);
  });

  it('fires its triggers for every column the sync reads, through the columns derived ones come from', async () => {
    const { rows: functions } = (await database.db.execute(
      sql`select pg_get_functiondef('market.sync_listing_search()'::regprocedure) as def`,
    )) as { rows: { def: string }[] };
    const read = new Set([...functions[0]!.def.matchAll(/NEW\.(\w+)/g)].map((match) => match[1]!));
    read.delete('id'); // never updated
    // Written through: the generated monthly price, and the vector the BEFORE trigger sets.
    const writtenThrough: Record<string, string[]> = {
      monthly_price: ['price', 'rent_period'],
      search_vector: ['search_vector', 'title', 'description', 'key_features'],
    };
    const { rows: triggers } = (await database.db.execute(sql`
      select tgname as name, pg_get_triggerdef(oid) as def from pg_trigger
      where tgrelid = 'market.listings'::regclass
        and tgname in ('listing_search_sync', 'listing_search_sync_placements')`)) as {
      rows: { name: string; def: string }[];
    };
    expect(triggers).toHaveLength(2);
    for (const trigger of triggers) {
      const listed = /UPDATE OF (.*?) ON /.exec(trigger.def)?.[1]?.split(', ') ?? [];
      for (const column of read) {
        for (const source of writtenThrough[column] ?? [column]) expect(listed).toContain(source);
      }
      // A stored generated column counts as written by every update: it would fire on views.
      expect(listed).not.toContain('monthly_price');
    }
  });
});

describe('drawn area', () => {
  it('keeps homes inside the polygon and drops those just outside its edge', async () => {
    const area = newArea();
    const { lat, lng } = area.centre;
    // A right-angled triangle: the hypotenuse runs from (lat, lng + 0.1) to (lat + 0.1, lng).
    const polygon = [
      { lat, lng },
      { lat, lng: lng + 0.1 },
      { lat: lat + 0.1, lng },
    ];
    const inside = await area.add({ lat: lat + 0.049, lng: lng + 0.049 });
    const outside = await area.add({ lat: lat + 0.051, lng: lng + 0.051 });
    const farAway = await area.add({ lat: lat + 0.5, lng });
    const ids = await area.search({ polygon, radius: 0 });
    expect(ids).toEqual([inside]);
    expect(ids).not.toContain(outside);
    expect(ids).not.toContain(farAway);
  });
});

describe('must-haves', () => {
  it('keeps homes with every must-have asked for and drops those missing one', async () => {
    const area = newArea();
    const gardenAndParking = await area.add({ features: ['garden', 'parking'] });
    const gardenOnly = await area.add({ features: ['garden'] });
    const nothing = await area.add({ features: [] });
    expect(await area.search({ features: ['garden'] })).toEqual(
      expect.arrayContaining([gardenAndParking, gardenOnly]),
    );
    expect(await area.search({ features: ['garden'] })).not.toContain(nothing);
    expect(await area.search({ features: ['garden', 'parking'] })).toEqual([gardenAndParking]);
    expect(await area.search({ features: ['auction'] })).toEqual([]);
    expect(await area.search({ features: [] })).toHaveLength(3);
  });
});

describe('wide areas (read cell by cell)', () => {
  /** Points spread over a 10-mile circle, across several ~17-mile grid cells. */
  function spread(area: ReturnType<typeof newArea>, count: number) {
    return Array.from({ length: count }, (_, index) => {
      const bearing = (index * 137.5 * Math.PI) / 180;
      const miles = 0.5 + ((index * 7) % 95) / 10; // 0.5 to 9.9 miles out
      const metres = miles * METRES_PER_MILE;
      return {
        lat: area.centre.lat + (metres * Math.cos(bearing)) / 111_132,
        lng:
          area.centre.lng +
          (metres * Math.sin(bearing)) / (111_132 * Math.cos((area.centre.lat * Math.PI) / 180)),
      };
    });
  }

  it('sorts by price and by date across cells exactly as one sorted list would', async () => {
    const area = newArea();
    const points = spread(area, 40);
    const added = [];
    for (const [index, point] of points.entries()) {
      const price = 150_000 + ((index * 7919) % 40) * 5_000;
      const publishedAt = new Date(Date.now() - ((index * 31) % 40) * 3_600_000);
      added.push({ id: await area.add({ ...point, price, publishedAt }), price, publishedAt });
    }
    const outside = await area.add({ ...area.north(10.2), price: 1 });
    const byPrice = [...added].sort((a, b) => a.price - b.price || a.id - b.id).map((l) => l.id);
    const byDate = [...added]
      .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || b.id - a.id)
      .map((l) => l.id);
    const all = async (query: Partial<SearchQuery>) => [
      ...(await area.search({ radius: 10, ...query })),
      ...(await area.search({ radius: 10, page: 2, ...query })),
    ];
    expect(await all({ sort: 'price-asc' })).toEqual(byPrice);
    expect(await all({ sort: 'price-desc' })).toEqual([...byPrice].reverse());
    expect(await all({ sort: 'newest' })).toEqual(byDate);
    expect(await all({ sort: 'newest' })).not.toContain(outside);
  });
});

describe('busy searches', () => {
  it(`counts up to ${MAX_RESULTS}, says there are more, and pages only through those`, async () => {
    const area = newArea();
    const rows = Array.from({ length: MAX_RESULTS + 30 }, (_, index) =>
      aListing({
        town: area.town,
        lat: area.centre.lat + ((index % 40) - 20) * 0.0002,
        lng: area.centre.lng + (Math.floor(index / 40) - 13) * 0.0003,
        price: 100_000 + index * 1_000,
      }),
    );
    await database.db.insert(listings).values(rows);
    const search = (query: Partial<SearchQuery>) =>
      searchListings(database.db, {
        channel: 'sale',
        query: { ...DEFAULT_QUERY, radius: 1, ...query },
        location: area.location,
      });
    const first = await search({});
    expect(first).toMatchObject({ total: MAX_RESULTS, totalIsLowerBound: true, pageCount: 42 });
    const beyond = await search({ page: 50 });
    expect(beyond.page).toBe(42);
    expect(beyond.items).toHaveLength(MAX_RESULTS - 41 * 24);
    // Nearest first in a busy area comes in the index's order: still nearest first.
    const nearest = await search({ sort: 'nearest' });
    const distances = nearest.items.map((item) => item.distanceMiles!);
    expect(distances).toHaveLength(24);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // One more filter and the count is exact again.
    const fewer = await search({ maxPrice: 150_000 });
    expect(fewer).toMatchObject({ total: 51, totalIsLowerBound: false });

    // 'This area only' in a busy town, nearest first: the town's own homes, nearest first, not
    // a neighbouring town's nearer one.
    const [neighbour] = await database.db
      .insert(listings)
      .values(aListing({ town: `Next to ${area.town}`, ...area.centre }))
      .returning({ id: listings.id });
    const townOnly = await search({ radius: 0, sort: 'nearest' });
    expect(townOnly.total).toBe(MAX_RESULTS);
    expect(townOnly.items).toHaveLength(24);
    expect(townOnly.items.map((item) => item.id)).not.toContain(neighbour!.id);
    const townDistances = townOnly.items.map((item) => item.distanceMiles!);
    expect(townDistances).toEqual([...townDistances].sort((a, b) => a - b));
    expect(townDistances[0]).toBeLessThan(0.01);
  });
});

describe('keyword word bits', () => {
  it('gives each word the same bit in the database as in the code', async () => {
    const result = (await database.db.execute(sql`
      select w as word, market.listing_words_mask(array_to_tsvector(array[w]))::text as mask
      from unnest(${`{${SIGNATURE_WORDS.join(',')}}`}::text[]) as w`)) as {
      rows: { word: string; mask: string }[];
    };
    expect(result.rows.map((row) => [row.word, BigInt(row.mask)])).toEqual(
      SIGNATURE_WORDS.map((word, index) => [word, BigInt.asIntN(64, 1n << BigInt(index))]),
    );
  });

  it('stems the words searched for as listings are indexed', async () => {
    // Most stems stem to themselves; these two are what a visitor types for them.
    const typed: Record<string, string> = { extens: 'extension', 'en-suit': 'en-suite' };
    for (const [index, stem] of SIGNATURE_WORDS.entries()) {
      const word = typed[stem] ?? stem;
      const bit = BigInt.asIntN(64, 1n << BigInt(index));
      expect((await keywordSignature(database.db, word)).mask & bit, word).toBe(bit);
    }
    expect(await keywordSignature(database.db, 'Gardens')).toMatchObject({ exact: true });
    expect(await keywordSignature(database.db, 'balconies')).toEqual(
      await keywordSignature(database.db, 'balcony'),
    );
  });
});
