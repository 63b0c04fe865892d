import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { listingMedia, listings, type Listing } from './schema.ts';

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

type SummaryRow = Pick<Listing, keyof typeof summaryColumns>;

/** '12 Victoria Road' → 'Victoria Road'; 'Flat 3, 10 Mill Lane' → 'Mill Lane'. */
export function streetOnly(addressLine1: string): string {
  const lastPart = addressLine1.split(',').pop()!.trim();
  return lastPart.replace(/^\d+[a-z]?(-\d+[a-z]?)?\s+/i, '');
}

/** Adds each listing's cover photo with one query for the whole page (no N+1). */
export async function toSummaries(db: Database, rows: SummaryRow[]): Promise<ListingSummary[]> {
  const ids = rows.map((row) => row.id);
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
    cover: coverOf.get(row.id) ?? null,
  }));
}
