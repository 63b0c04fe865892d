import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { listings, type Listing } from './schema.ts';
import { summaryColumns, toSummaries, type ListingSummary } from './listing-summary.ts';

/** Statuses a visitor can see in results: still on the market or just agreed. */
export const VISIBLE_STATUSES: Listing['status'][] = [
  'active',
  'under_offer',
  'sold_stc',
  'let_agreed',
];

export const RESULTS_PAGE_SIZE = 24;

export interface FindListingsOptions {
  channel: Listing['channel'];
  /** 1-based page number. */
  page?: number;
  pageSize?: number;
}

export interface ListingPage {
  items: ListingSummary[];
  total: number;
  page: number;
  pageCount: number;
}

/** Newest first, one query for the page and one for the count. */
export async function findListings(
  db: Database,
  { channel, page = 1, pageSize = RESULTS_PAGE_SIZE }: FindListingsOptions,
): Promise<ListingPage> {
  const where = and(eq(listings.channel, channel), inArray(listings.status, VISIBLE_STATUSES));
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(listings)
      .where(where)
      .orderBy(desc(listings.publishedAt), desc(listings.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(listings).where(where),
  ]);
  const total = totalRow?.value ?? 0;
  return {
    items: await toSummaries(db, rows),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** The most recently published active listings, for the home page. */
export async function findRecentListings(
  db: Database,
  { limit = 8, channel }: { limit?: number; channel?: Listing['channel'] } = {},
): Promise<ListingSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(listings)
    .where(and(eq(listings.status, 'active'), channel ? eq(listings.channel, channel) : undefined))
    .orderBy(desc(listings.publishedAt), desc(listings.id))
    .limit(limit);
  return toSummaries(db, rows);
}
