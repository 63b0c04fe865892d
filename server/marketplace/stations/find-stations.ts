import { and, asc, between, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import { walkingMinutes } from '../../../domain/stations/distance.ts';
import { preparedOnce } from '../../../db/prepared-once.ts';
import {
  boxAround,
  boxPlaceholders,
  milesInSql,
  POINT_PLACEHOLDERS,
} from '../geography/miles-in-sql.ts';
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
 * The two statements of a search, prepared once per database: the first try (within its radius,
 * plus one station anywhere in the widest box) and a wider try.
 */
const nearestStatements = preparedOnce((db) => {
  const miles = milesInSql(POINT_PLACEHOLDERS, stations.lat, stations.lng);
  const inBox = (prefix: string, isProbe: boolean) => {
    const box = boxPlaceholders(prefix);
    return db
      .select({
        atcoCode: stations.atcoCode,
        name: stations.name,
        kind: stations.kind,
        source: stations.source,
        miles: miles.as('miles'),
        isProbe: sql<boolean>`${isProbe}::boolean`.as('is_probe'),
      })
      .from(stations)
      .where(
        and(
          between(stations.lat, box.minLat, box.maxLat),
          between(stations.lng, box.minLng, box.maxLng),
          isProbe ? undefined : sql`${miles} <= ${sql.placeholder('radius')}`,
        ),
      );
  };
  const within = () =>
    inBox('near', false)
      .orderBy(asc(miles), asc(stations.atcoCode))
      .limit(sql.placeholder('limit'));
  return {
    firstTry: unionAll(within(), inBox('widest', true).limit(1))
      .orderBy(sql`is_probe`, sql`miles`, sql`atco_code`)
      .prepare('stations_nearest_first'),
    wider: within().prepare('stations_nearest'),
  };
});

/**
 * The `limit` stations nearest a point, nearest first. Each search narrows to a box on the
 * indexed lat/lng columns, then orders the box's stations by exact great-circle distance
 * (haversine, computed in SQL).
 * A station outside the box but within its corner is never nearer than one inside the circle,
 * so only stations within the radius count towards the limit. The first search also asks for
 * one station in the widest box: when there is none, no wider search can find any.
 */
export async function findNearestStations(
  db: Database,
  point: { lat: number; lng: number },
  limit = 3,
): Promise<NearbyStation[]> {
  const statements = nearestStatements(db);
  const widest = SEARCH_MILES.at(-1)!;
  for (const radius of SEARCH_MILES) {
    const values = { ...point, radius, limit, ...boxAround('near', point, radius) };
    const rows =
      radius === SEARCH_MILES[0] && radius !== widest
        ? await statements.firstTry.execute({
            ...values,
            ...boxAround('widest', point, widest),
          })
        : await statements.wider.execute(values);
    const found = rows.filter((row) => !row.isProbe);
    if (found.length === limit || radius === widest) {
      return found.map(({ source, isProbe: _isProbe, ...station }) => ({
        ...station,
        walkingMinutes: walkingMinutes(station.miles),
        isDemo: source === 'demo',
      }));
    }
    // The first search found none in the widest box either.
    if (radius === SEARCH_MILES[0] && !rows.length) return [];
  }
  return [];
}
