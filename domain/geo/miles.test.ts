import { describe, expect, it } from 'vitest';
import { boundingBox, formatMiles, milesBetween } from './miles.ts';

describe('distances as the crow flies', () => {
  it('measures a known great-circle distance', () => {
    // Leeds to Manchester city centres, about 36 miles.
    const miles = milesBetween({ lat: 53.8008, lng: -1.5491 }, { lat: 53.4808, lng: -2.2426 });
    expect(miles).toBeGreaterThan(35);
    expect(miles).toBeLessThan(37);
  });

  it('draws a box that holds every point within the radius', () => {
    const centre = { lat: 54.5, lng: -2 };
    const box = boundingBox(centre, 3);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      const radians = (bearing * Math.PI) / 180;
      // A point just inside three miles on this bearing.
      const point = {
        lat: centre.lat + (2.99 / 69.05) * Math.cos(radians),
        lng:
          centre.lng +
          (2.99 / (69.17 * Math.cos((centre.lat * Math.PI) / 180))) * Math.sin(radians),
      };
      expect(milesBetween(centre, point)).toBeLessThan(3);
      expect(point.lat).toBeGreaterThanOrEqual(box.minLat);
      expect(point.lat).toBeLessThanOrEqual(box.maxLat);
      expect(point.lng).toBeGreaterThanOrEqual(box.minLng);
      expect(point.lng).toBeLessThanOrEqual(box.maxLng);
    }
  });

  it('writes miles to one decimal place, and one mile in the singular', () => {
    expect(formatMiles(0.04)).toBe('0 miles');
    expect(formatMiles(0.44)).toBe('0.4 miles');
    expect(formatMiles(1.02)).toBe('1 mile');
    expect(formatMiles(12.4)).toBe('12 miles');
  });
});
