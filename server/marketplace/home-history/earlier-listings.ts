import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { preparedOnce } from '../../../db/prepared-once.ts';
import { ERASED_ACCOUNT_ID } from '../../../domain/admin/erased-account.ts';
import { isPublicStatus } from '../../../domain/listing/enums.ts';
import { homeAddressKey } from '../../../domain/sold-prices/address-key.ts';
import { listingPriceHistory, listingStatusHistory, listings } from '../listings/schema.ts';
import { pastListings } from './schema.ts';

/** Another time this home was advertised on Roost, as its page shows it. */
export interface EarlierListing {
  channel: 'sale' | 'rent';
  rentPeriod: string | null;
  firstPrice: number;
  lastPrice: number;
  listedAt: string;
  /** When it left the site; absent while it is still listed. */
  endedAt?: string;
  outcome: 'live' | 'withdrawn' | 'under_offer' | 'sold_stc' | 'let_agreed';
  /** The listing's id while it is still on Roost (then the page links to it). */
  listingId?: number;
}

type ListingRow = typeof listings.$inferSelect;

/** How a listing ended as the public saw it: its last public state, or withdrawn. */
function outcomeOf(
  listing: Pick<ListingRow, 'status'>,
  lastEvent: string | undefined,
): EarlierListing['outcome'] {
  if (listing.status === 'under_offer' || listing.status === 'sold_stc') return listing.status;
  if (listing.status === 'let_agreed') return 'let_agreed';
  if (lastEvent === 'sold_stc' || lastEvent === 'under_offer' || lastEvent === 'let_agreed')
    return lastEvent;
  return 'withdrawn';
}

async function firstPrices(db: Database, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const rows = await db
    .select({ id: listingPriceHistory.listingId, price: listingPriceHistory.price })
    .from(listingPriceHistory)
    .where(inArray(listingPriceHistory.listingId, ids))
    .orderBy(asc(listingPriceHistory.changedAt), asc(listingPriceHistory.id));
  const first = new Map<number, number>();
  for (const row of rows) if (!first.has(row.id)) first.set(row.id, row.price);
  return first;
}

async function lastEvents(db: Database, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db
    .select({ id: listingStatusHistory.listingId, event: listingStatusHistory.event })
    .from(listingStatusHistory)
    .where(inArray(listingStatusHistory.listingId, ids))
    .orderBy(asc(listingStatusHistory.changedAt), asc(listingStatusHistory.id));
  return new Map(rows.map((row) => [row.id, row.event]));
}

/** The summaries `past_listings` keeps of these listings (published ones, not erased). */
export async function summariseForArchive(db: Database, rows: ListingRow[]) {
  const kept = rows.filter((row) => row.publishedAt && row.ownerSub !== ERASED_ACCOUNT_ID);
  const ids = kept.map((row) => row.id);
  const [prices, events] = await Promise.all([firstPrices(db, ids), lastEvents(db, ids)]);
  return kept.map((row) => ({
    listingId: row.id,
    addressKey: homeAddressKey(row.addressLine1, row.postcode),
    channel: row.channel,
    rentPeriod: row.rentPeriod,
    firstPrice: prices.get(row.id) ?? row.price,
    lastPrice: row.price,
    listedAt: row.publishedAt!,
    endedAt: row.deletedAt ?? row.statusChangedAt,
    outcome: outcomeOf(row, events.get(row.id)),
  }));
}

/**
 * The postcode's other published listings by address (their key is worked out here), and the
 * summaries kept of purged ones by key: built once per database.
 */
const homeStatements = preparedOnce((db) => ({
  neighbours: db
    .select({ id: listings.id, addressLine1: listings.addressLine1 })
    .from(listings)
    .where(
      and(
        eq(listings.postcode, sql.placeholder('postcode')),
        ne(listings.id, sql.placeholder('listingId')),
        isNotNull(listings.publishedAt),
        ne(listings.ownerSub, ERASED_ACCOUNT_ID),
      ),
    )
    .prepare('earlier_listings_neighbours'),
  archived: db
    .select()
    .from(pastListings)
    .where(eq(pastListings.addressKey, sql.placeholder('key')))
    .prepare('earlier_listings_archived'),
}));

/**
 * Every other time this home was advertised on Roost, newest first: listings still held at its
 * postcode with the same address key (live, paused or deleted), and summaries of purged ones.
 * The address key is worked out in JavaScript (it folds look-alike letters), so listings are
 * read by postcode, which holds few.
 */
export async function findEarlierListings(
  db: Database,
  listingId: number,
): Promise<EarlierListing[]> {
  const [home] = await db
    .select({ addressLine1: listings.addressLine1, postcode: listings.postcode })
    .from(listings)
    .where(eq(listings.id, listingId));
  return home ? findEarlierListingsOfHome(db, { listingId, ...home }) : [];
}

/** The same, for a listing whose (private) address the caller has already read. */
export async function findEarlierListingsOfHome(
  db: Database,
  home: { listingId: number; addressLine1: string; postcode: string },
): Promise<EarlierListing[]> {
  const { listingId } = home;
  const key = homeAddressKey(home.addressLine1, home.postcode);
  // The postcode's other listings by address first (their key is worked out here), and whole
  // rows only for those at this home: most postcodes hold several homes, and most homes were
  // listed once.
  const { neighbours: neighboursOf, archived: archivedAt } = homeStatements(db);
  const [neighbours, archived] = await Promise.all([
    neighboursOf.execute({ postcode: home.postcode, listingId }),
    archivedAt.execute({ key }),
  ]);
  const sameIds = neighbours
    .filter((row) => homeAddressKey(row.addressLine1, home.postcode) === key)
    .map((row) => row.id);
  const sameHome = sameIds.length
    ? await db.select().from(listings).where(inArray(listings.id, sameIds))
    : [];
  const held = await summariseForArchive(db, sameHome);
  const isLive = (row: ListingRow) => !row.deletedAt && isPublicStatus(row.status);
  const earlier: EarlierListing[] = [
    ...held.map((summary, index) => {
      const row = sameHome[index]!;
      return {
        channel: summary.channel,
        rentPeriod: summary.rentPeriod,
        firstPrice: summary.firstPrice,
        lastPrice: summary.lastPrice,
        listedAt: summary.listedAt.toISOString(),
        ...(isLive(row)
          ? { outcome: 'live' as const, listingId: row.id }
          : { outcome: summary.outcome, endedAt: summary.endedAt.toISOString() }),
      };
    }),
    ...archived.map((row) => ({
      channel: row.channel,
      rentPeriod: row.rentPeriod,
      firstPrice: row.firstPrice,
      lastPrice: row.lastPrice,
      listedAt: row.listedAt.toISOString(),
      endedAt: row.endedAt.toISOString(),
      outcome: row.outcome as EarlierListing['outcome'],
    })),
  ];
  return earlier.sort((a, b) => b.listedAt.localeCompare(a.listedAt));
}
