import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { FloodZone } from '../../../domain/flood-risk/flood-zones.ts';
import { floodZones } from './schema.ts';

/** The flood zone at a place: the highest of the polygons covering it, else Zone 1. */
export interface FloodRiskAt {
  zone: FloodZone;
  /** From the demo's made-up zones rather than the Environment Agency's. */
  isDemo: boolean;
}

/** What the property page says about a home's flood risk from rivers and the sea. */
export type FloodRiskForHome =
  | { status: 'other-nation'; country: string }
  | { status: 'not-loaded' }
  | (FloodRiskAt & { status: 'found'; isApproximate: boolean });

/**
 * Half the step a home's public location is rounded to when the lister keeps the address private
 * (1/500 of a degree: `get-listing.ts`): the home lies within this of the rounded point.
 */
export const APPROXIMATE_HALF_STEP = 0.001;

const point = ({ lat, lng }: { lat: number; lng: number }) => sql`point(${lng}, ${lat})`;

/**
 * The highest zone among polygons that `covers` picks out (a point or an area), else Zone 1 when
 * any zones are loaded, in one statement. `bbox && box` is what the GiST index answers; the exact
 * test runs only on the polygons it returns. Undefined when no zones are loaded at all.
 */
async function highestZone(db: Database, box: SQL, covers: SQL): Promise<FloodRiskAt | undefined> {
  const { rows } = (await db.execute(sql`
    with hit as (
      select zone, source = 'demo' as is_demo from ${floodZones}
      where bbox && ${box} and ${covers}
      order by zone desc, source = 'demo' limit 1)
    select hit.zone, hit.is_demo,
           exists (select 1 from ${floodZones} where source = 'environment-agency') as official,
           exists (select 1 from ${floodZones} where source = 'demo') as demo
    from (select 1) as one left join hit on true`)) as {
    rows: { zone: number | null; is_demo: boolean | null; official: boolean; demo: boolean }[];
  };
  const [row] = rows;
  if (row?.zone) return { zone: row.zone as FloodZone, isDemo: Boolean(row.is_demo) };
  if (!row || (!row.official && !row.demo)) return undefined;
  return { zone: 1, isDemo: !row.official };
}

/**
 * The flood zone from rivers and the sea at a point in England, by the Flood Map for Planning:
 * inside a polygon and not inside one of its holes. Undefined when no flood zones are loaded.
 * (Reusable wherever a place needs its zone, such as a listing form's prefill.)
 */
export async function floodRiskAt(
  db: Database,
  place: { lat: number; lng: number },
): Promise<FloodRiskAt | undefined> {
  const at = point(place);
  return highestZone(
    db,
    sql`box(${at}, ${at})`,
    sql`outline @> ${at} and not exists (select 1 from unnest(holes) as hole where hole @> ${at})`,
  );
}

/**
 * The highest flood zone anywhere within `halfSide` degrees of a point (a square): for a home
 * whose exact place is not public, the zone it may be in. A polygon counts when it overlaps the
 * square and no hole of it holds the whole square.
 */
export async function floodRiskAround(
  db: Database,
  place: { lat: number; lng: number },
  halfSide: number,
): Promise<FloodRiskAt | undefined> {
  const { lat, lng } = place;
  const area = sql`box(point(${lng - halfSide}, ${lat - halfSide}), point(${lng + halfSide}, ${lat + halfSide}))`;
  return highestZone(
    db,
    area,
    sql`outline && polygon(${area}) and not exists (select 1 from unnest(holes) as hole where hole @> polygon(${area}))`,
  );
}

/**
 * A home's flood risk as the property page shows it, from its public location: at the point when
 * the address is shown, around the rounded point when it is approximate; the Flood Map for
 * Planning covers England only.
 */
export async function floodRiskForHome(
  db: Database,
  home: { lat: number; lng: number; isApproximate: boolean; country: string },
): Promise<FloodRiskForHome> {
  if (home.country !== 'England') return { status: 'other-nation', country: home.country };
  const found = home.isApproximate
    ? await floodRiskAround(db, home, APPROXIMATE_HALF_STEP)
    : await floodRiskAt(db, home);
  return found
    ? { status: 'found', isApproximate: home.isApproximate, ...found }
    : { status: 'not-loaded' };
}
