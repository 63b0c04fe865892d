import { describe, expect, it } from 'vitest';
import { milesBetween } from '../../../domain/geo/miles.ts';
import { demoBroadband, demoStations } from './demo-broadband-stations.ts';
import { buildDemoListings } from './seed-demo.ts';

describe("the demo's broadband and stations", () => {
  const homes = buildDemoListings(new Date('2026-11-29T12:00:00Z')).map(({ listing }) => listing);

  it('gives every demo postcode figures, each tier no wider than the slower one below it', () => {
    const rows = demoBroadband(homes);
    expect(new Set(rows.map((row) => row.postcode)).size).toBe(rows.length);
    expect(new Set(homes.map((home) => home.postcode.toUpperCase())).size).toBe(rows.length);
    for (const row of rows) {
      expect(row.gigabitPct!).toBeLessThanOrEqual(row.ultrafastPct!);
      expect(row.ultrafastPct!).toBeLessThanOrEqual(row.ultrafast100Pct!);
      expect(row.ultrafast100Pct!).toBeLessThanOrEqual(row.superfastPct!);
    }
  });

  it('puts three stations within a few miles of every demo home', () => {
    const places = demoStations(homes);
    expect(new Set(places.map((place) => place.atcoCode)).size).toBe(places.length);
    for (const home of homes) {
      const near = places.filter((place) => milesBetween(home, place) < 15);
      expect(near.length).toBeGreaterThanOrEqual(3);
    }
  });
});
