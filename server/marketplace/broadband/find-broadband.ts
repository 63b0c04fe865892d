import { and, eq, max } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  summariseBroadband,
  type BroadbandSummary,
} from '../../../domain/broadband/broadband-summary.ts';
import { postcodeArea, spacedPostcode } from '../../../domain/broadband/ofcom-coverage.ts';
import { listings } from '../listings/schema.ts';
import { broadbandCoverage } from './schema.ts';

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
  const [held] = await db
    .select()
    .from(broadbandCoverage)
    .where(eq(broadbandCoverage.postcode, spaced));
  if (held) return summariseBroadband(held);
  const [area] = await db
    .select({ snapshot: max(broadbandCoverage.snapshot) })
    .from(broadbandCoverage)
    .where(
      and(
        eq(broadbandCoverage.postcodeArea, postcodeArea(spaced)),
        eq(broadbandCoverage.source, 'ofcom'),
      ),
    );
  return area?.snapshot
    ? { status: 'not-published', snapshot: area.snapshot }
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
