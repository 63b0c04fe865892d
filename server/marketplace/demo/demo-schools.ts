import type { Database } from '../../../db/client.ts';
import type { GiasSchool } from '../../../domain/schools/gias-record.ts';
import type { NewListing } from '../listings/schema.ts';
import { upsertSchools } from '../schools/import-gias.ts';

const BATCH = 1_000;
// Lattice spacing in degrees of latitude: about 0.8 miles between primaries, 1.7 between
// secondaries, so every demo home has a few of each within a mile or two.
const PRIMARY_STEP = 0.012;
const SECONDARY_STEP = 0.025;

const STEMS = [
  'Park View',
  'Church Lane',
  'Meadowside',
  'Oakfield',
  'Brookside',
  'Hillcrest',
  'Riverside',
  'Elm Grove',
  'Station Road',
  'Greenfields',
  'Westfield',
  'Hollybank',
  'Beech Hill',
  'Moorside',
  'Ashton Lane',
  'Fairfield',
  'Kingsway',
  'Larkrise',
  'Millbrook',
  'Northgate',
];
const PRIMARY_TYPES = [
  'Community school',
  'Academy converter',
  'Voluntary aided school',
  'Voluntary controlled school',
  'Foundation school',
];
const SECONDARY_TYPES = ['Academy converter', 'Community school', 'Academy sponsor led'];
const RATINGS = ['Good', 'Outstanding', 'Good', 'Requires improvement', null] as const;
const FIRST_INSPECTION = Date.UTC(2018, 0, 8);
const DAY_MS = 86_400_000;

/** A fixed day between 2018 and 2024 for a school's last inspection: the demo stays the same. */
const inspectedOn = (n: number) =>
  new Date(FIRST_INSPECTION + ((n * 97) % 2_400) * DAY_MS).toISOString().slice(0, 10);

type Box = { town: string; minLat: number; maxLat: number; minLng: number; maxLng: number };

function townBoxes(homes: NewListing[]): Box[] {
  const boxes = new Map<string, Box>();
  for (const home of homes) {
    if (home.country !== 'England') continue;
    const box = boxes.get(home.town);
    if (!box)
      boxes.set(home.town, {
        town: home.town,
        minLat: home.lat,
        maxLat: home.lat,
        minLng: home.lng,
        maxLng: home.lng,
      });
    else {
      box.minLat = Math.min(box.minLat, home.lat);
      box.maxLat = Math.max(box.maxLat, home.lat);
      box.minLng = Math.min(box.minLng, home.lng);
      box.maxLng = Math.max(box.maxLng, home.lng);
    }
  }
  return [...boxes.values()];
}

/** Points on a lattice over the box, one step wider on every side. */
function lattice(box: Box, step: number): { lat: number; lng: number }[] {
  const lngStep = step * 1.6;
  const points: { lat: number; lng: number }[] = [];
  for (let lat = box.minLat - step / 2; lat <= box.maxLat + step; lat += step)
    for (let lng = box.minLng - lngStep / 2; lng <= box.maxLng + lngStep; lng += lngStep)
      points.push({ lat: Number(lat.toFixed(5)), lng: Number(lng.toFixed(5)) });
  return points;
}

/**
 * Made-up open schools around the demo's homes in England (the register covers England), on
 * the same table as the register's (`source = 'demo'`, negative URNs, labelled 'Demo data'
 * wherever shown), so a new installation shows 'Schools nearby': a lattice of primaries and a
 * sparser one of secondaries over each town's homes. Names, types, ages and ratings are picked
 * by position, so the demo is the same on every start.
 */
export function demoSchools(homes: NewListing[]): GiasSchool[] {
  const schools: GiasSchool[] = [];
  const school = (
    point: { lat: number; lng: number },
    town: string,
    stage: 'primary' | 'secondary',
  ): GiasSchool => {
    const n = schools.length;
    const stem = STEMS[n % STEMS.length]!;
    const isPrimary = stage === 'primary';
    const rating = RATINGS[n % RATINGS.length] ?? null;
    return {
      urn: -(n + 1),
      name: isPrimary ? `${stem} Primary School` : `${stem} ${n % 2 ? 'High School' : 'Academy'}`,
      type: (isPrimary ? PRIMARY_TYPES : SECONDARY_TYPES)[n % (isPrimary ? 5 : 3)]!,
      status: 'Open',
      isOpen: true,
      phase: isPrimary ? 'Primary' : 'Secondary',
      isPrimary,
      isSecondary: !isPrimary,
      lowAge: isPrimary ? (n % 3 === 0 ? 3 : 4) : 11,
      highAge: isPrimary ? 11 : n % 2 ? 16 : 18,
      street: '',
      town,
      postcode: '',
      localAuthority: '',
      ...point,
      ofstedRating: rating,
      ofstedInspectedOn: rating ? inspectedOn(n) : null,
    };
  };
  for (const box of townBoxes(homes)) {
    for (const point of lattice(box, PRIMARY_STEP))
      schools.push(school(point, box.town, 'primary'));
    for (const point of lattice(box, SECONDARY_STEP))
      schools.push(school(point, box.town, 'secondary'));
  }
  return schools;
}

/** Stores the demo's schools (see `demoSchools`); how many. */
export async function insertDemoSchools(db: Database, homes: NewListing[]) {
  const rows = demoSchools(homes).map((school) => ({ ...school, source: 'demo' as const }));
  for (let start = 0; start < rows.length; start += BATCH)
    await upsertSchools(db, rows.slice(start, start + BATCH));
  return rows.length;
}
