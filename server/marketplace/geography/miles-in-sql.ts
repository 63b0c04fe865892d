import { sql, type AnyColumn } from 'drizzle-orm';
import { EARTH_RADIUS_MILES } from '../../../domain/geo/miles.ts';

const radians = (value: unknown) => sql`radians(${value})`;

/**
 * Miles from a point to each row's (lat, lng), as the crow flies: the haversine of
 * `domain/geo/miles.ts` in SQL, with no geographic extension, so PGlite and PostgreSQL answer
 * alike. Read as a number.
 */
export function milesInSql(point: { lat: number; lng: number }, lat: AnyColumn, lng: AnyColumn) {
  return sql<number>`${2 * EARTH_RADIUS_MILES} * asin(least(1, sqrt(
    power(sin((${radians(lat)} - ${radians(point.lat)}) / 2), 2) +
    cos(${radians(point.lat)}) * cos(${radians(lat)}) *
    power(sin((${radians(lng)} - ${radians(point.lng)}) / 2), 2))))`.mapWith(Number);
}
