import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { listings, type Listing } from './schema.ts';
import { summaryColumns, toSummaries, type ListingSummary } from './listing-summary.ts';

/** The most recently published active listings, for the home page. */
export async function findRecentListings(
  db: Database,
  { limit = 8, channel }: { limit?: number; channel?: Listing['channel'] } = {},
): Promise<ListingSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(listings)
    .where(
      and(
        eq(listings.status, 'active'),
        // Not a disabled lister's (admin portal, user information).
        isNull(listings.ownerSuspendedAt),
        channel ? eq(listings.channel, channel) : undefined,
      ),
    )
    .orderBy(desc(listings.publishedAt), desc(listings.id))
    .limit(limit);
  return toSummaries(rows);
}
