import { and, avg, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { findDistrictCentroid, findSectorCentroid } from '../geography/find-centroid.ts';
import { listings } from '../listings/schema.ts';
import { areaOf, gazetteerNameOf, POSTCODE_AREA_TOWNS, sectorOf } from './postcode-areas.ts';
import { places } from './schema.ts';

/**
 * What an offline placement went by, most precise first: the centre of the postcode's sector
 * ('SW1A 1') or district ('SW1A') in the ONS lookup; where the lookup has neither (Northern
 * Ireland's BT, or a code newer than the lookup), the homes listed in the same postcode, sector,
 * district or area ('SW'); or else the post town the area is named after.
 */
export const PLACEMENTS = [
  'sector-centroid',
  'district-centroid',
  'postcode',
  'sector',
  'district',
  'area',
  'post-town',
] as const;
export type Placement = (typeof PLACEMENTS)[number];

export interface Coordinates {
  lat: number;
  lng: number;
  /** Placed by its sector, district, nearby homes or post town, not its own centre (offline). */
  isApproximate?: boolean;
  /** How an approximate placement was made. */
  placedBy?: Placement;
}

/** Places a postcode or postcode district on the map. */
export interface Geocoder {
  locatePostcode(postcode: string): Promise<Coordinates | undefined>;
  locateOutcode(outcode: string): Promise<Coordinates | undefined>;
}

/** A district's centre from up to this many of its listings: plenty to place a search. */
const CENTROID_SAMPLE = 500;

async function centroid(
  db: Database,
  where: SQL | undefined,
  placedBy: Placement,
): Promise<Coordinates | undefined> {
  const sample = db
    .select({ lat: listings.lat, lng: listings.lng })
    .from(listings)
    .where(where)
    .limit(CENTROID_SAMPLE)
    .as('sample');
  const [row] = await db
    .select({ lat: avg(sample.lat).mapWith(Number), lng: avg(sample.lng).mapWith(Number) })
    .from(sample);
  return row && Number.isFinite(row.lat) && row.lat !== 0
    ? { lat: row.lat, lng: row.lng, placedBy }
    : undefined;
}

/**
 * Every district an area can have ('HG0'–'HG99', and 'HG1A'–'HG9Z' as in 'SW1A' or 'EC1M'), so
 * the area's listings are found through the outcode index rather than by scanning them all.
 */
function districtsOf(area: string): string[] {
  const districts = Array.from({ length: 100 }, (_, number) => `${area}${number}`);
  for (let number = 1; number <= 9; number += 1) {
    for (const letter of 'ABCDEFGHJKLMNPRSTUVWXY') districts.push(`${area}${number}${letter}`);
  }
  return districts;
}

/** The centre of the post town a postcode area is named after ('M' → Manchester). */
async function areaTownCentre(db: Database, area: string): Promise<Coordinates | undefined> {
  const town = POSTCODE_AREA_TOWNS[area];
  if (!town) return undefined;
  const [place] = await db
    .select({ lat: places.lat, lng: places.lng })
    .from(places)
    .where(sql`lower(${places.name}) = ${gazetteerNameOf(town).toLowerCase()}`)
    .orderBy(desc(places.population))
    .limit(1);
  return place ? { ...place, placedBy: 'post-town' } : undefined;
}

async function listedOutcodeCentroid(db: Database, outcode: string) {
  // A district with no listings yet is placed at its postcode area's listings' centre, or else at
  // the area's post town, rather than nowhere.
  return (
    (await centroid(db, eq(listings.outcode, outcode), 'district')) ??
    (await centroid(db, inArray(listings.outcode, districtsOf(areaOf(outcode))), 'area')) ??
    (await areaTownCentre(db, areaOf(outcode)))
  );
}

async function listedPostcodeCentroid(db: Database, postcode: string) {
  // Each look-up goes through the district's index (there is none on the full postcode).
  const outcode = postcode.split(' ')[0]!;
  const inDistrict = eq(listings.outcode, outcode);
  return (
    (await centroid(db, and(inDistrict, eq(listings.postcode, postcode)), 'postcode')) ??
    (await centroid(
      db,
      and(inDistrict, like(listings.postcode, `${sectorOf(postcode)}%`)),
      'sector',
    )) ??
    (await listedOutcodeCentroid(db, outcode))
  );
}

/** The ONS lookup's centre, marked with what it is the centre of. */
function lookedUp(
  point: { lat: number; lng: number } | undefined,
  placedBy: Placement,
): Coordinates | undefined {
  return point ? { ...point, placedBy } : undefined;
}

async function postcodeCentroid(db: Database, postcode: string): Promise<Coordinates | undefined> {
  const outcode = postcode.split(' ')[0]!;
  const placed =
    lookedUp(await findSectorCentroid(db, sectorOf(postcode)), 'sector-centroid') ??
    lookedUp(await findDistrictCentroid(db, outcode), 'district-centroid') ??
    (await listedPostcodeCentroid(db, postcode));
  return placed && { ...placed, isApproximate: true };
}

async function outcodeCentroid(db: Database, outcode: string): Promise<Coordinates | undefined> {
  // A district's own centre is where a district search belongs: nothing approximate to say.
  const own = lookedUp(await findDistrictCentroid(db, outcode), 'district-centroid');
  if (own) return own;
  const listed = await listedOutcodeCentroid(db, outcode);
  return listed && { ...listed, isApproximate: true };
}

const CACHE_LIMIT = 5_000;
const FOUND_FOR_MS = 10 * 60_000;
const MISSING_FOR_MS = 60_000;

/**
 * Remembers answers for a while (centres of thousands of listings move slowly, and averaging
 * them on every search would cost more than the search), oldest forgotten first.
 */
function remembered(
  locate: (code: string) => Promise<Coordinates | undefined>,
): (code: string) => Promise<Coordinates | undefined> {
  const cache = new Map<string, { value: Coordinates | undefined; expires: number }>();
  return async (code) => {
    const hit = cache.get(code);
    if (hit && hit.expires > Date.now()) return hit.value;
    const value = await locate(code);
    cache.delete(code);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(code, { value, expires: Date.now() + (value ? FOUND_FOR_MS : MISSING_FOR_MS) });
    return value;
  };
}

/**
 * Works offline: a postcode sits at the centre of its sector, else its district, from the ONS
 * lookup shipped with Roost (`geography/postcode-centroids`); a postcode the lookup lacks
 * (Northern Ireland's, or one newer than it) at the centre of the listings already in its
 * postcode, sector, district or area, else at its area's post town. postcodes.io, when
 * configured, gives each postcode's own centre.
 */
export function createOfflineGeocoder(db: Database): Geocoder {
  return {
    locatePostcode: remembered((postcode) => postcodeCentroid(db, postcode)),
    locateOutcode: remembered((outcode) => outcodeCentroid(db, outcode)),
  };
}

/** postcodes.io (Ordnance Survey and ONS open data); falls back to `fallback` when unreachable. */
export function createPostcodesIoGeocoder(options: {
  baseUrl: string;
  fallback: Geocoder;
  timeoutMs?: number;
}): Geocoder {
  const { baseUrl, fallback, timeoutMs = 2000 } = options;
  async function lookup(path: string): Promise<Coordinates | undefined> {
    try {
      const response = await fetch(`${baseUrl.replace(/\/+$/, '')}${path}`, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { Accept: 'application/json' },
      });
      if (!response.ok) return undefined;
      const body = (await response.json()) as {
        result?: { latitude?: number; longitude?: number };
      };
      const { latitude, longitude } = body.result ?? {};
      return typeof latitude === 'number' && typeof longitude === 'number'
        ? { lat: latitude, lng: longitude }
        : undefined;
    } catch {
      return undefined;
    }
  }
  return {
    locatePostcode: async (postcode) =>
      (await lookup(`/postcodes/${encodeURIComponent(postcode)}`)) ??
      fallback.locatePostcode(postcode),
    locateOutcode: async (outcode) =>
      (await lookup(`/outcodes/${encodeURIComponent(outcode)}`)) ?? fallback.locateOutcode(outcode),
  };
}
