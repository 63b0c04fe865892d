import { sql, type AnyColumn } from 'drizzle-orm';
import { boundingBox, EARTH_RADIUS_MILES } from '../../../domain/geo/miles.ts';

const radians = (value: unknown) => sql`radians(${value})`;

/**
 * Miles from a point to each row's (lat, lng), as the crow flies: the haversine of
 * `domain/geo/miles.ts` in SQL, with no geographic extension, so PGlite and PostgreSQL answer
 * alike. Read as a number. The point is numbers, or placeholders of a prepared statement.
 */
export function milesInSql(point: { lat: unknown; lng: unknown }, lat: AnyColumn, lng: AnyColumn) {
  return sql<number>`${2 * EARTH_RADIUS_MILES} * asin(least(1, sqrt(
    power(sin((${radians(lat)} - ${radians(point.lat)}) / 2), 2) +
    cos(${radians(point.lat)}) * cos(${radians(lat)}) *
    power(sin((${radians(lng)} - ${radians(point.lng)}) / 2), 2))))`.mapWith(Number);
}

/** The placeholders of a prepared statement's point. */
export const POINT_PLACEHOLDERS = {
  lat: sql.placeholder('lat'),
  lng: sql.placeholder('lng'),
};

const BOUNDS = ['minLat', 'maxLat', 'minLng', 'maxLng'] as const;
type Bound = (typeof BOUNDS)[number];
const boundName = (prefix: string, bound: Bound) => `${prefix}_${bound}`;

/** Placeholders for a box's bounds, named with `prefix` so one statement can hold two boxes. */
export function boxPlaceholders(prefix: string) {
  return Object.fromEntries(
    BOUNDS.map((bound) => [bound, sql.placeholder(boundName(prefix, bound))]),
  ) as Record<Bound, ReturnType<typeof sql.placeholder>>;
}

/** Values for `boxPlaceholders(prefix)`: the box of `miles` around `point` (`boundingBox`). */
export function boxAround(prefix: string, point: { lat: number; lng: number }, miles: number) {
  const box = boundingBox(point, miles);
  return Object.fromEntries(BOUNDS.map((bound) => [boundName(prefix, bound), box[bound]]));
}
