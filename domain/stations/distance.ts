/** Straight-line distances and a walking time for the nearest-stations section. */

const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = 69.05;
/** A steady adult walking pace: 3 mph, 20 minutes a mile. */
export const WALKING_MPH = 3;
/** Beyond this, a walking time stops being useful and is left out. */
export const MAX_WALK_MILES = 2.5;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles (haversine): 'as the crow flies'. */
export function milesBetween(
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A box around a point holding every place within `miles` of it (a little more, never less). */
export function boundingBox(point: { lat: number; lng: number }, miles: number) {
  const dLat = miles / MILES_PER_DEGREE_LATITUDE;
  // Degrees of longitude shrink towards the poles; measured at the box's edge nearest the pole.
  const edge = Math.min(89, Math.abs(point.lat) + dLat);
  const dLng = miles / (MILES_PER_DEGREE_LATITUDE * Math.cos(radians(edge)));
  return {
    minLat: point.lat - dLat,
    maxLat: point.lat + dLat,
    minLng: point.lng - dLng,
    maxLng: point.lng + dLng,
  };
}

/** Minutes to walk a straight-line distance at `WALKING_MPH`, or null beyond `MAX_WALK_MILES`. */
export function walkingMinutes(miles: number): number | null {
  if (miles > MAX_WALK_MILES) return null;
  return Math.max(1, Math.round((miles / WALKING_MPH) * 60));
}

/** '0.4 miles', '1 mile', '12 miles'. */
export function formatMiles(miles: number): string {
  const rounded = miles < 10 ? Math.round(miles * 10) / 10 : Math.round(miles);
  return `${rounded} ${rounded === 1 ? 'mile' : 'miles'}`;
}
