import { describe, expect, it } from 'vitest';
import { milesBetween } from '../../../domain/geo/miles.ts';
import { demoSchools } from './demo-schools.ts';
import { buildDemoListings } from './seed-demo.ts';

const homes = buildDemoListings(new Date('2026-11-01T12:00:00Z')).map(({ listing }) => listing);

describe('demo schools', () => {
  const schools = demoSchools(homes);

  it('puts open primaries and secondaries within two miles of every demo home in England', () => {
    const nearest = (home: { lat: number; lng: number }, stage: 'isPrimary' | 'isSecondary') =>
      schools
        .filter((school) => school[stage])
        .map((school) => milesBetween(home, { lat: school.lat!, lng: school.lng! }))
        .sort((a, b) => a - b)
        .slice(0, 3);
    for (const home of homes.filter((listing) => listing.country === 'England')) {
      expect(nearest(home, 'isPrimary').at(-1)).toBeLessThan(2);
      expect(nearest(home, 'isSecondary').at(-1)).toBeLessThan(3);
    }
  });

  it('leaves homes outside England without schools, the register covering England only', () => {
    const scottish = homes.find((listing) => listing.country === 'Scotland')!;
    const near = schools.filter(
      (school) => milesBetween(scottish, { lat: school.lat!, lng: school.lng! }) < 20,
    );
    expect(near).toEqual([]);
  });

  it('is the same on every run, with URNs no register school can have', () => {
    expect(demoSchools(homes)).toEqual(schools);
    expect(schools.every((school) => school.urn < 0 && school.isOpen)).toBe(true);
    expect(new Set(schools.map((school) => school.urn)).size).toBe(schools.length);
  });
});
