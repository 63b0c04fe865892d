import { sql } from 'drizzle-orm';
import { qualifiedColumn } from '../../../db/qualified-column.ts';
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
  /** That drop: by how many pounds (in the listing's own price period), and when. */
  reduction: { by: number; on: string } | null;
  cover: { key: string; width: number; height: number; caption: string } | null;
}

const NEW_FOR_MS = 7 * 86_400_000;
const REDUCED_FOR_DAYS = 30;

const m = listingMedia;
const h = listingPriceHistory;

/**
 * The columns a card needs. The cover photo and the 'Reduced' flag are correlated subqueries
 * (each an index look-up on the listing's media / price history), so any list of cards is one
 * query however many cards it holds.
 */
// The outer listing's id, fully qualified: in a single-table query drizzle writes select-list
// columns unqualified, and a bare "id" inside these subqueries would bind to the inner table.
const listingId = qualifiedColumn(listings.id);

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
  cover: sql<
    ListingSummary['cover']
  >`(select json_build_object('key', ${m.blobKey}, 'width', ${m.width}, 'height', ${m.height}, 'caption', ${m.caption}) from ${m} where ${m.listingId} = ${listingId} and ${m.kind} = 'photo' order by ${m.position} limit 1)`,
  // Reduced: the latest price change, within the last 30 days, was lower than the one before;
  // by how much and when (null otherwise).
  reducedRecently: sql<RecentReduction | null>`(select json_build_object('by', latest.previous - latest.price, 'on', latest.changed_at) from (select ${h.price} as price, ${h.changedAt} as changed_at, lead(${h.price}) over (order by ${h.changedAt} desc) as previous from ${h} where ${h.listingId} = ${listingId} order by ${h.changedAt} desc limit 1) latest where latest.price < latest.previous and latest.changed_at > now() - make_interval(days => ${REDUCED_FOR_DAYS}))`,
};

/** As json_build_object gives it: the timestamp as PostgreSQL writes it in JSON. */
type RecentReduction = { by: number; on: string };

type SummaryRow = Pick<
  Listing,
  Exclude<keyof typeof summaryColumns, 'cover' | 'reducedRecently'>
> & {
  cover: ListingSummary['cover'];
  reducedRecently: RecentReduction | null;
};

/** '12 Victoria Road' → 'Victoria Road'; 'Flat 3, 10 Mill Lane' → 'Mill Lane'. */
export function streetOnly(addressLine1: string): string {
  const lastPart = addressLine1.split(',').pop()!.trim();
  return lastPart.replace(/^\d+[a-z]?(-\d+[a-z]?)?\s+/i, '');
}

/** The fields of a row a card replaces with its own. */
const REPLACED = new Set(['addressLine1', 'publishedAt', 'reducedRecently', 'cover']);

/** Rows selected with `summaryColumns` (plus anything else, passed through) as cards. */
export function toSummaries<Row extends SummaryRow>(
  rows: Row[],
): (Omit<Row, 'addressLine1' | 'publishedAt' | 'reducedRecently' | 'cover'> & ListingSummary)[] {
  const now = Date.now();
  // Field by field, in the row's order then the card's own: an object literal spreading the row
  // and adding fields cost about ten times as much a card (a results page makes 24 or more).
  return rows.map((row) => {
    const card: Record<string, unknown> = {};
    for (const key in row) if (!REPLACED.has(key)) card[key] = row[key];
    const { addressLine1, publishedAt, reducedRecently, cover } = row;
    card.displayAddress = `${streetOnly(addressLine1)}, ${row.town}`;
    card.publishedAt = publishedAt?.toISOString() ?? null;
    card.isNew =
      row.status === 'active' && publishedAt !== null && publishedAt.getTime() > now - NEW_FOR_MS;
    const { isReduced, reduction } = reductionOf(row.status, reducedRecently);
    card.isReduced = isReduced;
    card.reduction = reduction;
    card.cover = cover ?? null;
    return card as Omit<Row, 'addressLine1' | 'publishedAt' | 'reducedRecently' | 'cover'> &
      ListingSummary;
  });
}

/** The 'Reduced' badge is for listings still simply available. */
function reductionOf(status: Listing['status'], recent: RecentReduction | null) {
  if (status !== 'active' || !recent) return { isReduced: false, reduction: null };
  return {
    isReduced: true,
    reduction: { by: Number(recent.by), on: new Date(recent.on).toISOString() },
  };
}
