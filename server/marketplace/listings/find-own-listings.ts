import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { favourites } from '../favourites/schema.ts';
import { listings } from './schema.ts';
import { toSummaries, summaryColumns, type ListingSummary } from './listing-summary.ts';

export interface OwnListing extends ListingSummary {
  viewCount: number;
  enquiryCount: number;
  favouriteCount: number;
  deletedAt: string | null;
  statusChangedAt: string;
}

/** The lister's own listings for /my-account, deleted ones too (restorable for 30 days). */
export async function findOwnListings(db: Database, ownerSub: string): Promise<OwnListing[]> {
  const rows = await db
    .select({
      ...summaryColumns,
      viewCount: listings.viewCount,
      enquiryCount: listings.enquiryCount,
      deletedAt: listings.deletedAt,
      statusChangedAt: listings.statusChangedAt,
      favouriteCount:
        sql<number>`(select count(*) from ${favourites} where ${favourites.listingId} = ${listings.id})`.mapWith(
          Number,
        ),
    })
    .from(listings)
    .where(eq(listings.ownerSub, ownerSub))
    .orderBy(desc(listings.createdAt))
    .limit(200);
  return toSummaries(rows).map(({ deletedAt, statusChangedAt, ...summary }) => ({
    ...summary,
    deletedAt: deletedAt?.toISOString() ?? null,
    statusChangedAt: statusChangedAt.toISOString(),
  }));
}
