import { describe, expect, it } from 'vitest';
import { gridToLatLng } from './british-national-grid.ts';
import { milesBetween } from './miles.ts';

const METRES_PER_MILE = 1609.344;

/**
 * Caister water tower is the worked example in Ordnance Survey's guide to coordinate systems in
 * Great Britain (grid reference and ETRS89 position); TR 143 599 is a check point used with the
 * OSTN02 transformation. ETRS89 and WGS84 agree to well under a metre in Britain.
 */
const KNOWN_POINTS = [
  {
    name: 'Caister water tower',
    e: 651409.792,
    n: 313177.448,
    lat: 52.658007833,
    lng: 1.716073973,
  },
  { name: 'TR 143 599', e: 614300, n: 159900, lat: 51.29788, lng: 1.072628 },
];

describe('British National Grid to WGS84', () => {
  it.each(KNOWN_POINTS)('places $name within five metres', ({ e, n, lat, lng }) => {
    const metres = milesBetween(gridToLatLng(e, n), { lat, lng }) * METRES_PER_MILE;
    expect(metres).toBeLessThan(5);
  });

  it("puts a London school's grid reference in London", () => {
    // The Aldgate School, EC3A 5DE: Easting 533498, Northing 181201 in the register.
    const { lat, lng } = gridToLatLng(533498, 181201);
    expect(lat).toBeCloseTo(51.514, 2);
    expect(lng).toBeCloseTo(-0.077, 2);
  });
});
