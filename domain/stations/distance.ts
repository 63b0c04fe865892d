/** A walking time for the nearest-stations section (distances: `domain/geo/miles.ts`). */

/** A steady adult walking pace: 3 mph, 20 minutes a mile. */
export const WALKING_MPH = 3;
/** Beyond this, a walking time stops being useful and is left out. */
export const MAX_WALK_MILES = 2.5;

/** Minutes to walk a straight-line distance at `WALKING_MPH`, or null beyond `MAX_WALK_MILES`. */
export function walkingMinutes(miles: number): number | null {
  if (miles > MAX_WALK_MILES) return null;
  return Math.max(1, Math.round((miles / WALKING_MPH) * 60));
}
