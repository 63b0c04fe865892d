import { avg, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { listings } from '../listings/schema.ts';

export interface Coordinates {
  lat: number;
  lng: number;
}

/** Places a postcode or postcode district on the map. */
export interface Geocoder {
  locatePostcode(postcode: string): Promise<Coordinates | undefined>;
  locateOutcode(outcode: string): Promise<Coordinates | undefined>;
}

async function centroid(db: Database, where: SQL | undefined): Promise<Coordinates | undefined> {
  const [row] = await db
    .select({ lat: avg(listings.lat).mapWith(Number), lng: avg(listings.lng).mapWith(Number) })
    .from(listings)
    .where(where);
  return row && Number.isFinite(row.lat) && row.lat !== 0
    ? { lat: row.lat, lng: row.lng }
    : undefined;
}

/** The postcode area: the letters that start a district ('SW' of 'SW4', 'M' of 'M14'). */
function areaOf(outcode: string): string {
  return /^[A-Z]+/.exec(outcode)?.[0] ?? outcode;
}

async function outcodeCentroid(db: Database, outcode: string) {
  // A district with no listings yet is placed at its postcode area's centre rather than nowhere.
  return (
    (await centroid(db, eq(listings.outcode, outcode))) ??
    (await centroid(db, sql`${listings.outcode} ~ ${`^${areaOf(outcode)}[0-9]`}`))
  );
}

/**
 * Works offline: a postcode or district sits at the centre of the listings already in it. Good
 * enough to search around; production uses postcodes.io for exact centroids.
 */
export function createListingCentroidGeocoder(db: Database): Geocoder {
  return {
    locatePostcode: async (postcode) =>
      (await centroid(db, eq(listings.postcode, postcode))) ??
      (await outcodeCentroid(db, postcode.split(' ')[0]!)),
    locateOutcode: (outcode) => outcodeCentroid(db, outcode),
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
