import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { floodRiskForHome } from '../flood-risk/find-flood-risk.ts';
import { DEMO_FLOOD_HOMES, demoFloodZones, insertDemoFloodZones } from './demo-flood-zones.ts';
import { buildDemoListings } from './seed-demo.ts';

const homes = buildDemoListings(new Date('2026-11-29T12:00:00Z')).map(({ listing }) => listing);
const inEngland = homes.filter((home) => home.country === 'England');
// The public location of a home whose address is private (get-listing.ts rounds to 1/500°).
const publicPlace = (home: { lat: number; lng: number; country: string }) => ({
  lat: Math.round(home.lat * 500) / 500,
  lng: Math.round(home.lng * 500) / 500,
  isApproximate: true,
  country: home.country,
});

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await insertDemoFloodZones(database.db, homes);
});
afterAll(() => database.destroy());

describe("the demo's flood zones", () => {
  it('are all demo data: three Zone 3 bands with holes, six Zone 2 bands', () => {
    const zones = demoFloodZones(homes);
    expect(zones.every((zone) => zone.source === 'demo')).toBe(true);
    const threes = zones.filter((zone) => zone.zone === 3);
    expect(threes).toHaveLength(DEMO_FLOOD_HOMES / 4);
    expect(zones.filter((zone) => zone.zone === 2)).toHaveLength(DEMO_FLOOD_HOMES / 2);
    expect(threes.every((zone) => zone.rings.length === 2)).toBe(true);
  });

  it('show Zone 3 and Zone 2 at the homes chosen, as their pages will, and Zone 1 elsewhere', async () => {
    const risk = (home: (typeof homes)[number]) => floodRiskForHome(database.db, publicPlace(home));
    expect(await risk(inEngland[0]!)).toEqual({
      status: 'found',
      zone: 3,
      isDemo: true,
      isApproximate: true,
    });
    expect(await risk(inEngland[2]!)).toMatchObject({ zone: 2, isDemo: true });
    const zoneOne = [];
    for (const home of inEngland.slice(1, DEMO_FLOOD_HOMES)) {
      const found = await risk(home);
      if (found.status === 'found' && found.zone === 1) zoneOne.push(home);
    }
    expect(zoneOne.length).toBeGreaterThan(0);
    const welsh = homes.find((home) => home.country === 'Wales')!;
    expect(await risk(welsh)).toEqual({ status: 'other-nation', country: 'Wales' });
  });
});
