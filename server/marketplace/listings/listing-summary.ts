import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { listingMedia, listingPriceHistory, listings, type Listing } from './schema.ts';

/** What a results card or a home-page tile needs; never the full address. */
export interface ListingSummary {
  id: number;
  channel: Listing['channel'];
  status: Listing['status'];
  propertyType: Listing['propertyType'];
  title: string;
  price: number;
  priceQualifier: Listing['priceQualifier'];
  rentPeriod: Listing['rentPeriod'];
  bedrooms: number;
  bathrooms: number;
  /** Street and town only: the house number stays private unless the lister opts in. */
  displayAddress: string;
  town: string;
  outcode: string;
  publishedAt: string | null;
  /** Published in the last week and still simply available: earns the 'New' badge. */
  isNew: boolean;
  /** The latest price change, within the last 30 days, was a genuine drop. */
  isReduced: boolean;
  cover: { key: string; width: number; height: number; caption: string } | null;
}

export const summaryColumns = {
  id: listings.id,
  channel: listings.channel,
  status: listings.status,
  propertyType: listings.propertyType,
  title: listings.title,
  price: listings.price,
  priceQualifier: listings.priceQualifier,
  rentPeriod: listings.rentPeriod,
  bedrooms: listings.bedrooms,
  bathrooms: listings.bathrooms,
  addressLine1: listings.addressLine1,
  town: listings.town,
  outcode: listings.outcode,
  publishedAt: listings.publishedAt,
};

const NEW_FOR_MS = 7 * 86_400_000;
const REDUCED_FOR_DAYS = 30;

type SummaryRow = Pick<Listing, keyof typeof summaryColumns>;

/** '12 Victoria Road' → 'Victoria Road'; 'Flat 3, 10 Mill Lane' → 'Mill Lane'. */
export function streetOnly(addressLine1: string): string {
  const lastPart = addressLine1.split(',').pop()!.trim();
  return lastPart.replace(/^\d+[a-z]?(-\d+[a-z]?)?\s+/i, '');
}

/** Listings among `ids` whose latest price change (in the last 30 days) was a drop. */
async function recentlyReduced(db: Database, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const h = listingPriceHistory;
  const result = await db.execute(sql`
    select listing_id from (
      select distinct on (${h.listingId}) ${h.listingId} as listing_id, ${h.changedAt} as changed_at,
        ${h.price} < lag(${h.price}) over (partition by ${h.listingId} order by ${h.changedAt}) as dropped
      from ${h}
      where ${inArray(h.listingId, ids)}
      order by ${h.listingId}, ${h.changedAt} desc
    ) latest
    where dropped and changed_at > now() - make_interval(days => ${REDUCED_FOR_DAYS})`);
  const rows = (result as unknown as { rows: { listing_id: number | string }[] }).rows;
  return new Set(rows.map((row) => Number(row.listing_id)));
}

/** Adds each listing's cover photo and 'Reduced' flag with one query each for the whole page (no N+1). */
export async function toSummaries(db: Database, rows: SummaryRow[]): Promise<ListingSummary[]> {
  const ids = rows.map((row) => row.id);
  const reduced = await recentlyReduced(db, ids);
  const covers = ids.length
    ? await db
        .selectDistinctOn([listingMedia.listingId], {
          listingId: listingMedia.listingId,
          key: listingMedia.blobKey,
          width: listingMedia.width,
          height: listingMedia.height,
          caption: listingMedia.caption,
        })
        .from(listingMedia)
        .where(and(inArray(listingMedia.listingId, ids), eq(listingMedia.kind, 'photo')))
        .orderBy(asc(listingMedia.listingId), asc(listingMedia.position))
    : [];
  const now = Date.now();
  const coverOf = new Map(covers.map(({ listingId, ...cover }) => [listingId, cover]));
  return rows.map(({ addressLine1, publishedAt, ...row }) => ({
    ...row,
    displayAddress: `${streetOnly(addressLine1)}, ${row.town}`,
    publishedAt: publishedAt?.toISOString() ?? null,
    isNew:
      row.status === 'active' && publishedAt !== null && publishedAt.getTime() > now - NEW_FOR_MS,
    isReduced: row.status === 'active' && reduced.has(row.id),
    cover: coverOf.get(row.id) ?? null,
  }));
}
