import type { Database } from '../../../db/client.ts';
import type { BroadbandCoverage } from '../../../domain/broadband/ofcom-coverage.ts';
import { spacedPostcode } from '../../../domain/broadband/ofcom-coverage.ts';
import type { NaptanStation } from '../../../domain/stations/naptan-stop.ts';
import { broadbandRow } from '../broadband/import-broadband.ts';
import { broadbandCoverage } from '../broadband/schema.ts';
import type { NewListing } from '../listings/schema.ts';
import { stations } from '../stations/schema.ts';

const BATCH = 1_000;
// Made-up shares of premises able to get gigabit, cycled through the demo's postcodes.
const GIGABIT = [100, 80, 45.5, 0, 100, 66.7, 0];

/**
 * Made-up broadband figures for each demo home's postcode, in Ofcom's shape: every tier at
 * least as widely available as the faster one above it, and one postcode in eleven a slow one
 * where some premises cannot get 10 Mbit/s. Stored with `source = 'demo'` and labelled 'Demo data' where shown.
 */
export function demoBroadband(homes: NewListing[]): BroadbandCoverage[] {
  const byPostcode = new Map<string, BroadbandCoverage>();
  homes.forEach((home, index) => {
    const postcode = spacedPostcode(home.postcode);
    if (!postcode || byPostcode.has(postcode)) return;
    // One postcode in eleven is a slow one: superfast for most, nothing faster.
    const isSlow = index % 11 === 0;
    const gigabitPct = isSlow ? 0 : GIGABIT[index % GIGABIT.length]!;
    const ultrafastPct = isSlow ? 0 : Math.max(gigabitPct, index % 4 === 0 ? 90 : 0);
    const ultrafast100Pct = isSlow ? 0 : Math.max(ultrafastPct, index % 3 === 0 ? 95 : 40);
    byPostcode.set(postcode, {
      postcode,
      superfastPct: isSlow ? 88.9 : 100,
      ultrafast100Pct,
      ultrafastPct,
      gigabitPct,
      fullFibrePct: null,
      below10Pct: isSlow ? 5.6 : 0,
      below30Pct: isSlow ? 11.1 : 0,
    });
  });
  return [...byPostcode.values()];
}

// Where each made-up station sits from the middle of its town's demo homes, in degrees:
// about a third of a mile, a mile and two miles away, so walking times show and vary.
const STATION_PLACES = [
  { suffix: 'Central', kind: 'rail', dLat: 0.004, dLng: -0.005 },
  { suffix: 'Parkway', kind: 'rail', dLat: -0.012, dLng: 0.014 },
  { suffix: 'Tram Stop', kind: 'metro', dLat: 0.022, dLng: 0.021 },
] as const;

/** Three made-up stations for each demo town, named after it (labelled as demo data). */
export function demoStations(homes: NewListing[]): NaptanStation[] {
  const towns = new Map<string, { lat: number; lng: number; count: number }>();
  for (const home of homes) {
    const town = towns.get(home.town) ?? { lat: 0, lng: 0, count: 0 };
    towns.set(home.town, {
      lat: town.lat + home.lat,
      lng: town.lng + home.lng,
      count: town.count + 1,
    });
  }
  return [...towns.entries()].flatMap(([town, sum]) =>
    STATION_PLACES.map((place, index) => ({
      atcoCode: `DEMO-${town.toUpperCase().replace(/[^A-Z]+/g, '')}-${index + 1}`,
      kind: place.kind,
      name: `${town} ${place.suffix}`,
      locality: town,
      lat: Math.round((sum.lat / sum.count + place.dLat) * 1e6) / 1e6,
      lng: Math.round((sum.lng / sum.count + place.dLng) * 1e6) / 1e6,
    })),
  );
}

/** First day of the month six months before `now`: the demo's broadband snapshot. */
const demoSnapshot = (now: Date) => {
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 6, 1));
  return month.toISOString().slice(0, 10);
};

/** Stores the demo's broadband figures and stations; never over figures already held. */
export async function insertDemoBroadbandAndStations(
  db: Database,
  homes: NewListing[],
  now = new Date(),
) {
  const coverage = demoBroadband(homes).map((row) => broadbandRow(row, demoSnapshot(now), 'demo'));
  for (let start = 0; start < coverage.length; start += BATCH)
    await db
      .insert(broadbandCoverage)
      .values(coverage.slice(start, start + BATCH))
      .onConflictDoNothing();
  const places = demoStations(homes).map((station) => ({ ...station, source: 'demo' as const }));
  if (places.length) await db.insert(stations).values(places).onConflictDoNothing();
  return { broadband: coverage.length, stations: places.length };
}
