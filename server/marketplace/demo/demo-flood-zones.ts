import type { Database } from '../../../db/client.ts';
import type { Ring } from '../../../domain/flood-risk/flood-zone-feature.ts';
import type { NewListing } from '../listings/schema.ts';
import {
  insertFloodZonePolygons,
  type FloodZonePolygon,
} from '../flood-risk/import-flood-zones.ts';

/** How many of the first homes in England get made-up flood zones (every other one). */
export const DEMO_FLOOD_HOMES = 12;

/** A rectangle of half-sides `dLng` by `dLat` degrees around a place, clockwise. */
function rectangle(lng: number, lat: number, dLng: number, dLat: number): Ring {
  const round = (value: number) => Number(value.toFixed(6));
  return [
    [lng - dLng, lat - dLat],
    [lng - dLng, lat + dLat],
    [lng + dLng, lat + dLat],
    [lng + dLng, lat - dLat],
    [lng - dLng, lat - dLat],
  ].map(([x, y]) => [round(x!), round(y!)]);
}

const demoPolygon = (zone: 2 | 3, rings: Ring[]): FloodZonePolygon => ({
  source: 'demo',
  zone,
  featureId: null,
  floodSource: null,
  origin: null,
  rings,
});

/**
 * Made-up flood zones for the demo (`source = 'demo'`, labelled 'Demo data' wherever shown), so a
 * new installation shows each zone somewhere: of the first twelve homes in England (one a town),
 * the first and every fourth after it stand in a band of Zone 3 (about 1.2 km by 330 m, west to
 * east like a river's flood plain, with a hole of higher ground east of the home) inside a wider
 * band of Zone 2, and the third and every fourth after it in a band of Zone 2 only. Picked by
 * position, so the demo is the same everywhere.
 */
export function demoFloodZones(homes: NewListing[]): FloodZonePolygon[] {
  const zones: FloodZonePolygon[] = [];
  homes
    .filter((home) => home.country === 'England')
    .slice(0, DEMO_FLOOD_HOMES)
    .forEach(({ lat, lng }, index) => {
      if (index % 4 === 0) {
        zones.push(
          demoPolygon(3, [
            rectangle(lng, lat, 0.009, 0.0015),
            rectangle(lng + 0.006, lat, 0.001, 0.0007),
          ]),
          demoPolygon(2, [rectangle(lng, lat, 0.012, 0.003)]),
        );
      } else if (index % 4 === 2) {
        zones.push(demoPolygon(2, [rectangle(lng, lat, 0.008, 0.002)]));
      }
    });
  return zones;
}

/** Stores the demo's flood zones (see `demoFloodZones`); how many polygons. */
export async function insertDemoFloodZones(db: Database, homes: NewListing[]) {
  const zones = demoFloodZones(homes);
  await insertFloodZonePolygons(db, zones);
  return zones.length;
}
