import { and, asc, between, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { boundingBox } from '../../../domain/geo/miles.ts';
import { walkingMinutes } from '../../../domain/stations/distance.ts';
import { milesInSql } from '../geography/miles-in-sql.ts';
import { stations } from './schema.ts';

export interface NearbyStation {
  atcoCode: string;
  name: string;
  kind: 'rail' | 'metro';
  /** As the crow flies. */
  miles: number;
  /** At 3 mph in a straight line; null when too far to walk. */
  walkingMinutes: number | null;
  isDemo: boolean;
}

// Widened in turn until enough stations are found; beyond the last, none are shown.
const SEARCH_MILES = [3, 10, 30];

/**
 * The `limit` stations nearest a point, nearest first. Each search narrows to a box on the
 * indexed lat/lng columns, then orders the box's stations by exact great-circle distance
 * (haversine, computed in SQL).
 * A station outside the box but within its corner is never nearer than one inside the circle,
 * so only stations within the radius count towards the limit.
 */
export async function findNearestStations(
  db: Database,
  point: { lat: number; lng: number },
  limit = 3,
): Promise<NearbyStation[]> {
  const miles = milesInSql(point, stations.lat, stations.lng);
  for (const radius of SEARCH_MILES) {
    const box = boundingBox(point, radius);
    const found = await db
      .select({
        atcoCode: stations.atcoCode,
        name: stations.name,
        kind: stations.kind,
        source: stations.source,
        miles,
      })
      .from(stations)
      .where(
        and(
          between(stations.lat, box.minLat, box.maxLat),
          between(stations.lng, box.minLng, box.maxLng),
          sql`${miles} <= ${radius}`,
        ),
      )
      .orderBy(asc(miles), asc(stations.atcoCode))
      .limit(limit);
    if (found.length === limit || radius === SEARCH_MILES.at(-1)) {
      return found.map(({ source, ...station }) => ({
        ...station,
        walkingMinutes: walkingMinutes(station.miles),
        isDemo: source === 'demo',
      }));
    }
  }
  return [];
}
