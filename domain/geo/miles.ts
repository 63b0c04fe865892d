import { formatNumber } from '../format.ts';

/** Distances as the crow flies, in miles, for what the property page lists near a home. */

/** The Earth's mean radius in miles (IUGG), for great-circle distances. */
export const EARTH_RADIUS_MILES = 3958.7613;

const MILES_PER_DEGREE_LATITUDE = 69.05;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Miles between two points as the crow flies (haversine on a sphere). */
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

/**
 * The latitude and longitude bounds of a box around a point that holds every place within
 * `miles` of it, a little more and never less: what a btree on (lat, lng) can narrow before
 * distances are worked out. A degree of latitude is taken as 69.05 miles, just under its least.
 */
export function boundingBox(centre: { lat: number; lng: number }, miles: number) {
  const dLat = miles / MILES_PER_DEGREE_LATITUDE;
  // Degrees of longitude shrink towards the poles; measured at the box's edge nearest the pole.
  const farLat = Math.min(89, Math.abs(centre.lat) + dLat);
  const dLng = dLat / Math.cos(radians(farLat));
  return {
    minLat: centre.lat - dLat,
    maxLat: centre.lat + dLat,
    minLng: centre.lng - dLng,
    maxLng: centre.lng + dLng,
  };
}

/** '0.4 miles', '1 mile', '12 miles': one decimal place under ten miles. */
export function formatMiles(miles: number): string {
  const rounded = miles < 10 ? Math.round(miles * 10) / 10 : Math.round(miles);
  return `${formatNumber(rounded, 1)} ${rounded === 1 ? 'mile' : 'miles'}`;
}
