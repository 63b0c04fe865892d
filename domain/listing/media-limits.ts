/** Floorplans a listing may hold; photos are configured per deployment (`MEDIA_MAX_PHOTOS`). */
export const MAX_FLOORPLANS = 10;

/** How many photos and floorplans a listing may hold, as every page states it. */
export interface MediaLimits {
  maxPhotos: number;
  maxFloorplans: number;
  maxBytes: number;
}

/** 'Up to 30 photos and 10 floorplans': the limits in words, the same on every page. */
export function describeMediaLimits(limits: Pick<MediaLimits, 'maxPhotos' | 'maxFloorplans'>) {
  const floorplans =
    limits.maxFloorplans === 1 ? 'a floorplan' : `${limits.maxFloorplans} floorplans`;
  return `Up to ${limits.maxPhotos} photos and ${floorplans}`;
}
