import { describe, expect, it } from 'vitest';
import { boundingBox, formatMiles, milesBetween } from '../geo/miles.ts';
import { walkingMinutes } from './distance.ts';

const leedsStation = { lat: 53.7955, lng: -1.5491 };
const yorkStation = { lat: 53.9579, lng: -1.093 };

describe('station distances', () => {
  it('measures as the crow flies: Leeds to York stations is about 22 miles', () => {
    expect(milesBetween(leedsStation, yorkStation)).toBeGreaterThan(21.5);
    expect(milesBetween(leedsStation, yorkStation)).toBeLessThan(22);
  });

  it('draws a box that holds every point within the distance, and not much more', () => {
    const box = boundingBox(leedsStation, 10);
    const corners = [
      { lat: box.maxLat, lng: leedsStation.lng },
      { lat: box.minLat, lng: leedsStation.lng },
      { lat: box.maxLat, lng: box.maxLng },
      { lat: leedsStation.lat, lng: box.minLng },
    ];
    for (const edge of corners) expect(milesBetween(leedsStation, edge)).toBeGreaterThanOrEqual(10);
    expect(milesBetween(leedsStation, { lat: box.maxLat, lng: leedsStation.lng })).toBeLessThan(
      10.1,
    );
    expect(milesBetween(leedsStation, yorkStation)).toBeGreaterThan(10);
    expect(yorkStation.lng).toBeGreaterThan(box.maxLng);
  });

  it('walks at 3 mph and gives up beyond two and a half miles', () => {
    expect(walkingMinutes(0.5)).toBe(10);
    expect(walkingMinutes(0.01)).toBe(1);
    expect(walkingMinutes(2.6)).toBeNull();
    expect([formatMiles(0.44), formatMiles(1), formatMiles(12.4)]).toEqual([
      '0.4 miles',
      '1 mile',
      '12 miles',
    ]);
  });
});
