import { and, between, eq, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import { preparedOnce } from '../../../db/prepared-once.ts';
import {
  boxAround,
  boxPlaceholders,
  milesInSql,
  POINT_PLACEHOLDERS,
} from '../geography/miles-in-sql.ts';
import { listings } from '../listings/schema.ts';
import { schools } from './schema.ts';

/** A school as the property page shows it. */
export interface NearbySchool {
  urn: number;
  name: string;
  type: string;
  lowAge: number | null;
  highAge: number | null;
  ofstedRating: string | null;
  ofstedInspectedOn: string | null;
  /** As the crow flies from the home's (possibly approximate) location. */
  miles: number;
  isDemo: boolean;
}

export interface SchoolsNearby {
  primary: NearbySchool[];
  secondary: NearbySchool[];
  /** Whether any schools are held at all: none until the register (or the demo) is loaded. */
  isLoaded: boolean;
}

export type SchoolStage = 'primary' | 'secondary';

/** Schools of each stage the property page lists. */
export const SCHOOLS_PER_STAGE = 3;
/** The search widens from the first radius, doubling, up to the last. */
const RADII_MILES = [1, 2, 4, 8];

/** What a search for the nearest asks of the schools table: one stage, or any school at all. */
type Probe = SchoolStage | 'any';

/**
 * One stage's nearest `limit` schools in the box (placeholders `minLat`…) around the point,
 * nearest first, each tagged with its stage; `any` asks for one school anywhere (whether any is
 * held).
 */
function nearestQuery(db: Database, probe: Probe) {
  const miles = milesInSql(POINT_PLACEHOLDERS, schools.lat, schools.lng);
  const query = db
    .select({
      urn: schools.urn,
      name: schools.name,
      type: schools.type,
      lowAge: schools.lowAge,
      highAge: schools.highAge,
      ofstedRating: schools.ofstedRating,
      ofstedInspectedOn: schools.ofstedInspectedOn,
      miles: miles.as('miles'),
      isDemo: sql<boolean>`${schools.source} = 'demo'`.as('is_demo'),
      probe: sql<Probe>`${probe}::text`.as('probe'),
    })
    .from(schools);
  if (probe === 'any') return query.limit(1);
  const box = boxPlaceholders('box');
  return query
    .where(
      and(
        // The stage's partial index predicate, as written there, so the planner uses it.
        sql`${schools.isOpen} and ${probe === 'primary' ? schools.isPrimary : schools.isSecondary}`,
        between(schools.lat, box.minLat, box.maxLat),
        between(schools.lng, box.minLng, box.maxLng),
      ),
    )
    .orderBy(miles, schools.urn)
    .limit(sql.placeholder('limit'));
}

/** One statement a set of probes, prepared once per database when first asked for. */
const nearestStatements = preparedOnce((db) => {
  const prepared = new Map<string, ReturnType<typeof prepareNearest>>();
  return (probes: Probe[]) => {
    const key = probes.join('_');
    let statement = prepared.get(key);
    if (!statement) {
      statement = prepareNearest(db, probes, `schools_nearest_${key}`);
      prepared.set(key, statement);
    }
    return statement;
  };
});

function prepareNearest(db: Database, probes: Probe[], name: string) {
  const [first, ...rest] = probes.map((probe) => nearestQuery(db, probe));
  return rest.length
    ? unionAll(first!, rest[0]!, ...rest.slice(1))
        .orderBy(sql`probe`, sql`miles`, sql`urn`)
        .prepare(name)
    : first!.prepare(name);
}

/**
 * The nearest open schools of each stage to a point, nearest first, within eight miles, and (with
 * `askHeld`) whether any school is held at all. Each try asks each stage's partial (lat, lng)
 * btree index for the schools in a box around the point, then orders those by exact haversine
 * distance; the box widens until enough schools lie within its radius (a school in the box's
 * corner may be further than one outside it on a side). The stages still searching share one
 * statement a try, and the first try also asks whether any school is held: when none is, no
 * wider box can find one. No extension is needed, so the same SQL runs on PGlite and PostgreSQL.
 */
async function findNearestOfStages(
  db: Database,
  point: { lat: number; lng: number },
  stages: SchoolStage[],
  { limit = SCHOOLS_PER_STAGE, askHeld = false } = {},
): Promise<{ found: Record<SchoolStage, NearbySchool[]>; held: boolean | undefined }> {
  const found: Record<SchoolStage, NearbySchool[]> = { primary: [], secondary: [] };
  let held: boolean | undefined;
  let searching = stages;
  for (const radius of RADII_MILES) {
    const probes: Probe[] = held === undefined && askHeld ? [...searching, 'any'] : searching;
    const rows = await nearestStatements(db)(probes).execute({
      ...point,
      limit,
      ...boxAround('box', point, radius),
    });
    if (askHeld && held === undefined) {
      held = rows.some((row) => row.probe === 'any');
      if (!held) break;
    }
    for (const stage of searching) {
      found[stage] = rows
        .filter((row) => row.probe === stage)
        .map(({ probe: _probe, ...school }) => school);
    }
    searching = searching.filter(
      (stage) =>
        found[stage].length < limit || found[stage].some((school) => school.miles > radius),
    );
    if (!searching.length) break;
  }
  const withinReach = (list: NearbySchool[]) =>
    list.filter((school) => school.miles <= RADII_MILES.at(-1)!);
  return {
    found: { primary: withinReach(found.primary), secondary: withinReach(found.secondary) },
    held,
  };
}

/** The nearest open schools of one stage to a point, nearest first, within eight miles. */
export async function findNearestSchools(
  db: Database,
  point: { lat: number; lng: number },
  stage: SchoolStage,
  limit = SCHOOLS_PER_STAGE,
): Promise<NearbySchool[]> {
  return (await findNearestOfStages(db, point, [stage], { limit })).found[stage];
}

/** The nearest open primary and secondary schools to a listing's location. */
export async function findSchoolsNearListing(
  db: Database,
  listingId: number,
): Promise<SchoolsNearby> {
  const [home] = await db
    .select({ lat: listings.lat, lng: listings.lng })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!home) {
    const [held] = await db.select({ urn: schools.urn }).from(schools).limit(1);
    return { primary: [], secondary: [], isLoaded: held !== undefined };
  }
  return findSchoolsNearHome(db, home);
}

/** The nearest open primary and secondary schools to a home's (exact) location. */
export async function findSchoolsNearHome(
  db: Database,
  home: { lat: number; lng: number },
): Promise<SchoolsNearby> {
  const { found, held } = await findNearestOfStages(db, home, ['primary', 'secondary'], {
    askHeld: true,
  });
  return { ...found, isLoaded: held === true };
}
