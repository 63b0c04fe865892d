import { sql, type AnyColumn } from 'drizzle-orm';
import { EARTH_RADIUS_MILES } from '../../../domain/geo/miles.ts';

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

/** The placeholders of a prepared statement's point and the box around it (`boundingBox`). */
export const POINT_PLACEHOLDERS = {
  lat: sql.placeholder('lat'),
  lng: sql.placeholder('lng'),
};

/** Values for a statement built with `boxPlaceholders(prefix)`. */
export function boxValues(
  prefix: string,
  box: Record<'minLat' | 'maxLat' | 'minLng' | 'maxLng', number>,
) {
  return {
    [`${prefix}MinLat`]: box.minLat,
    [`${prefix}MaxLat`]: box.maxLat,
    [`${prefix}MinLng`]: box.minLng,
    [`${prefix}MaxLng`]: box.maxLng,
  };
}

/** Placeholders for a box's bounds, named with `prefix` so one statement can hold two boxes. */
export function boxPlaceholders(prefix: string) {
  return {
    minLat: sql.placeholder(`${prefix}MinLat`),
    maxLat: sql.placeholder(`${prefix}MaxLat`),
    minLng: sql.placeholder(`${prefix}MinLng`),
    maxLng: sql.placeholder(`${prefix}MaxLng`),
  };
}
