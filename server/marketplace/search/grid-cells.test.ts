import { describe, expect, it } from 'vitest';
import { boundsAround, cellsCovering, gridCell } from './grid-cells.ts';

describe('grid cells', () => {
  it('gives nearby points one cell and points across a cell edge different ones', () => {
    expect(gridCell(53.8, -1.55)).toBe(gridCell(53.76, -1.6));
    expect(gridCell(53.7499, -1.55)).not.toBe(gridCell(53.7501, -1.55));
    expect(gridCell(53.8, -1.6001)).not.toBe(gridCell(53.8, -1.5999));
  });

  it('covers every point within a radius, even at the edges of the circle', () => {
    const centre = { lat: 53.8, lng: -1.55 };
    const metres = 40 * 1609.344;
    const cells = new Set(cellsCovering(boundsAround(centre, metres)));
    for (let bearing = 0; bearing < 360; bearing += 5) {
      const radians = (bearing * Math.PI) / 180;
      // A point just inside the circle on this bearing (small-distance approximation).
      const dLat = ((metres * 0.999) / 111_132) * Math.cos(radians);
      const dLng =
        ((metres * 0.999) / (111_132 * Math.cos(((centre.lat + dLat) * Math.PI) / 180))) *
        Math.sin(radians);
      expect(cells.has(gridCell(centre.lat + dLat, centre.lng + dLng))).toBe(true);
    }
  });

  it('keeps a small radius to a handful of cells', () => {
    expect(cellsCovering(boundsAround({ lat: 51.5, lng: -0.12 }, 1609)).length).toBeLessThanOrEqual(
      4,
    );
  });
});
