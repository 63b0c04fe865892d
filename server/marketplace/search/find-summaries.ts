import { and, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { summaryColumns, toSummaries, type ListingSummary } from '../listings/listing-summary.ts';
import { listings } from '../listings/schema.ts';
import { listingSearch } from './schema.ts';

/** Cards for the given listings that visitors can still find, in the order asked (recently viewed). */
export async function findSummariesByIds(db: Database, ids: number[]): Promise<ListingSummary[]> {
  const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0).slice(0, 24);
  if (wanted.length === 0) return [];
  const rows = await db
    .select(summaryColumns)
    .from(listings)
    .where(
      and(
        inArray(listings.id, wanted),
        inArray(listings.id, db.select({ id: listingSearch.listingId }).from(listingSearch)),
        isNull(listings.deletedAt),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return toSummaries(wanted.map((id) => byId.get(id)).filter((row) => row !== undefined));
}
