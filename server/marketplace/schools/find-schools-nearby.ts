import { and, between, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { boundingBox } from '../../../domain/geo/miles.ts';
import { milesInSql } from '../geography/miles-in-sql.ts';
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

/**
 * The nearest open schools of one stage to a point, nearest first, within eight miles. Each try
 * asks the stage's partial (lat, lng) btree index for the schools in a box around the point,
 * then orders those by exact haversine distance; the box widens until enough schools lie within
 * its radius (a school in the box's corner may be further than one outside it on a side).
 * No extension is needed, so the same SQL runs on PGlite and PostgreSQL.
 */
export async function findNearestSchools(
  db: Database,
  point: { lat: number; lng: number },
  stage: SchoolStage,
  limit = SCHOOLS_PER_STAGE,
): Promise<NearbySchool[]> {
  const miles = milesInSql(point, schools.lat, schools.lng);
  let found: NearbySchool[] = [];
  for (const radius of RADII_MILES) {
    const box = boundingBox(point, radius);
    found = await db
      .select({
        urn: schools.urn,
        name: schools.name,
        type: schools.type,
        lowAge: schools.lowAge,
        highAge: schools.highAge,
        ofstedRating: schools.ofstedRating,
        ofstedInspectedOn: schools.ofstedInspectedOn,
        miles,
        isDemo: sql<boolean>`${schools.source} = 'demo'`,
      })
      .from(schools)
      .where(
        and(
          // The stage's partial index predicate, as written there, so the planner uses it.
          sql`${schools.isOpen} and ${stage === 'primary' ? schools.isPrimary : schools.isSecondary}`,
          between(schools.lat, box.minLat, box.maxLat),
          between(schools.lng, box.minLng, box.maxLng),
        ),
      )
      .orderBy(miles, schools.urn)
      .limit(limit);
    if (found.length === limit && found.every((school) => school.miles <= radius)) break;
  }
  return found.filter((school) => school.miles <= RADII_MILES.at(-1)!);
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
  const primary = home ? await findNearestSchools(db, home, 'primary') : [];
  const secondary = home ? await findNearestSchools(db, home, 'secondary') : [];
  if (primary.length || secondary.length) return { primary, secondary, isLoaded: true };
  const [held] = await db.select({ urn: schools.urn }).from(schools).limit(1);
  return { primary, secondary, isLoaded: held !== undefined };
}
