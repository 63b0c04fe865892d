import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { preparedOnce } from '../../../db/prepared-once.ts';
import {
  summariseBroadband,
  type BroadbandSummary,
} from '../../../domain/broadband/broadband-summary.ts';
import { postcodeArea, spacedPostcode } from '../../../domain/broadband/ofcom-coverage.ts';
import { listings } from '../listings/schema.ts';
import { broadbandCoverage } from './schema.ts';

/** The postcode's row, or else the newest Ofcom file held for its area: one statement. */
const coverageStatement = preparedOnce((db) =>
  db
    .select({
      held: broadbandCoverage,
      areaSnapshot: sql<string | null>`case when ${broadbandCoverage.postcode} is null then (
        select max(in_area.snapshot) from ${broadbandCoverage} as in_area
        where in_area.postcode_area = ${sql.placeholder('area')} and in_area.source = 'ofcom'
      ) end`.mapWith(broadbandCoverage.snapshot),
    })
    .from(sql`(select 1) as one`)
    .leftJoin(broadbandCoverage, eq(broadbandCoverage.postcode, sql.placeholder('postcode')))
    .prepare('broadband_for_postcode'),
);

/**
 * A postcode's broadband summary: Ofcom's figures (or the demo's) if held; otherwise whether
 * Ofcom's file for its area left it out or no figures are held for the area at all. Also for
 * prefilling a listing's material-information 'broadband' field (`broadbandFieldText`).
 */
export async function findBroadbandForPostcode(
  db: Database,
  postcode: string,
): Promise<BroadbandSummary> {
  const spaced = spacedPostcode(postcode);
  if (!spaced) return { status: 'not-loaded' };
  const [found] = await coverageStatement(db).execute({
    postcode: spaced,
    area: postcodeArea(spaced),
  });
  if (found?.held) return summariseBroadband(found.held);
  return found?.areaSnapshot
    ? { status: 'not-published', snapshot: found.areaSnapshot }
    : { status: 'not-loaded' };
}

/** The summary for a listing's postcode, read here so the postcode itself never leaves the server. */
export async function findBroadbandForListing(
  db: Database,
  listingId: number,
): Promise<BroadbandSummary> {
  const [listing] = await db
    .select({ postcode: listings.postcode })
    .from(listings)
    .where(eq(listings.id, listingId));
  return listing ? findBroadbandForPostcode(db, listing.postcode) : { status: 'not-loaded' };
}
