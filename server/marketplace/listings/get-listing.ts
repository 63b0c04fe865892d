import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { qualifiedColumn } from '../../../db/qualified-column.ts';
import type { Database } from '../../../db/client.ts';
import { preparedOnce } from '../../../db/prepared-once.ts';
import { latestDrop } from '../../../domain/listing/listing-history.ts';
import { listingVisibility, type ListingVisibility } from '../../../domain/listing/visibility.ts';
import { streetOnly } from './listing-summary.ts';
import {
  listers,
  listingMedia,
  listingPriceHistory,
  listingStatusHistory,
  listings,
  type Listing,
  type ListingMedia,
} from './schema.ts';

type MediaItem = Pick<ListingMedia, 'blobKey' | 'width' | 'height' | 'caption'>;

/**
 * The listing columns the public may see, named one by one: a new column stays private until it
 * is added here (never the owner, contact e-mail, exact position, counters or the search index).
 */
export const PUBLIC_LISTING_COLUMNS = [
  'id',
  'channel',
  'status',
  'propertyType',
  'title',
  'description',
  'keyFeatures',
  'price',
  'monthlyPrice',
  'priceQualifier',
  'rentPeriod',
  'bedrooms',
  'bathrooms',
  'receptions',
  'floorAreaSqFt',
  'rooms',
  'roomUnit',
  'furnished',
  'letType',
  'availableFrom',
  'deposit',
  'holdingDeposit',
  'billsIncluded',
  'petsConsidered',
  'registrationNumber',
  'features',
  'tenure',
  'leaseYearsRemaining',
  'groundRentPerYear',
  'serviceChargePerYear',
  'councilTaxBand',
  'domesticRatesPerYear',
  'epcRating',
  'epcPotential',
  'materialInfo',
  'materialSources',
  'tours',
  'isFullAddressShown',
  'town',
  'county',
  'country',
  'outcode',
  'publishedAt',
  'confirmedAt',
  'statusChangedAt',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof Listing)[];

type PublicColumn = (typeof PUBLIC_LISTING_COLUMNS)[number];

export interface ListingDetail extends Pick<Listing, PublicColumn> {
  displayAddress: string;
  photos: MediaItem[];
  floorplans: MediaItem[];
  /** Rounded to about 100 m unless the lister shows the full address. */
  location: { lat: number; lng: number; isApproximate: boolean };
  priceHistory: { price: number; changedAt: string }[];
  /** Relisted, under offer, sold STC, let agreed, back on the market: oldest first. */
  statusHistory: {
    event: (typeof listingStatusHistory.$inferSelect)['event'];
    changedAt: string;
  }[];
  /** The last change in the history was a drop from a real earlier price. */
  reducedOn: string | null;
}

/** A listing as the public sees it, whatever its status (callers apply `listingVisibility`). */
export interface ListingLookup {
  visibility: ListingVisibility;
  listing: ListingDetail;
  /** Whose listing it is: for owner-only links, never shown. */
  ownerSub: string;
  /** Who listed it, for the property page's link; undefined before they had a profile. */
  lister: { publicId: string; displayName: string } | undefined;
  /**
   * The home's private place (full first line, postcode, exact location) and state, read with
   * the listing so the page's area facts need not read it again: for the server, never shown.
   */
  home: ListingHome;
}

/** What the area facts of a listing's page are read from: the server's alone, never shown. */
export interface ListingHome {
  listingId: number;
  ownerSub: string;
  status: Listing['status'];
  deletedAt: Date | null;
  ownerSuspendedAt: Date | null;
  addressLine1: string;
  postcode: string;
  lat: number;
  lng: number;
}

/** One listing as the public sees it, or `undefined` when there is no such listing. */
export async function getListing(db: Database, id: number): Promise<ListingDetail | undefined> {
  return (await lookUpListing(db, id))?.listing;
}

// Inside the subqueries below the outer listing's columns must be qualified (`qualifiedColumn`).
const listingId = qualifiedColumn(listings.id);
const ownerSub = qualifiedColumn(listings.ownerSub);
const m = listingMedia;
const ph = listingPriceHistory;
const sh = listingStatusHistory;
/** A timestamp as `Date#toISOString` writes it (milliseconds, truncated as node-postgres does). */
const iso = (column: SQL | PgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
// Every column but the search index's words, which no page shows (a few KB a listing).
const { searchVector: _searchVector, ...rowColumns } = getTableColumns(listings);

function buildLookUp(db: Database) {
  return db
    .select({
      ...rowColumns,
      media: sql<
        (MediaItem & { kind: ListingMedia['kind'] })[]
      >`coalesce((select json_agg(json_build_object('kind', ${m.kind}, 'blobKey', ${m.blobKey}, 'width', ${m.width}, 'height', ${m.height}, 'caption', ${m.caption}) order by ${m.kind}, ${m.position}) from ${m} where ${m.listingId} = ${listingId}), '[]')`,
      priceHistory: sql<
        { price: number; changedAt: string }[]
      >`coalesce((select json_agg(json_build_object('price', ${ph.price}, 'changedAt', ${iso(ph.changedAt)}) order by ${ph.changedAt}, ${ph.id}) from ${ph} where ${ph.listingId} = ${listingId}), '[]')`,
      statusHistory: sql<
        ListingDetail['statusHistory']
      >`coalesce((select json_agg(json_build_object('event', ${sh.event}, 'changedAt', ${iso(sh.changedAt)}) order by ${sh.changedAt}, ${sh.id}) from ${sh} where ${sh.listingId} = ${listingId}), '[]')`,
      lister: sql<
        ListingLookup['lister'] | null
      >`(select json_build_object('publicId', ${listers.publicId}, 'displayName', ${listers.displayName}) from ${listers} where ${listers.sub} = ${ownerSub})`,
    })
    .from(listings)
    .where(eq(listings.id, sql.placeholder('id')))
    .prepare('listing_look_up');
}

/** Built once per database (`preparedOnce`), not again for every property page. */
const lookUpStatement = preparedOnce(buildLookUp);

/**
 * The listing with its visibility (pages and the API answer 404 or 410 unless `public`): the
 * row, its photos and floorplans, price and status history and lister in one statement, as a
 * property page is the site's most viewed (docs/performance.md).
 */
export async function lookUpListing(db: Database, id: number): Promise<ListingLookup | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const [row] = await lookUpStatement(db).execute({ id });
  if (!row) return undefined;
  const { addressLine1, addressLine2, postcode, lat, lng, media, priceHistory } = row;
  const shown = row.isFullAddressShown;
  const displayAddress = shown
    ? [addressLine1, addressLine2, row.town, postcode].filter(Boolean).join(', ')
    : `${streetOnly(addressLine1)}, ${row.town}`;
  const strip = ({ kind: _kind, ...item }: (typeof media)[number]) => item;
  const columns = Object.fromEntries(
    PUBLIC_LISTING_COLUMNS.map((column) => [column, row[column]]),
  ) as Pick<Listing, PublicColumn>;
  return {
    visibility: listingVisibility(row),
    ownerSub: row.ownerSub,
    lister: row.lister ?? undefined,
    home: {
      listingId: row.id,
      ownerSub: row.ownerSub,
      status: row.status,
      deletedAt: row.deletedAt,
      ownerSuspendedAt: row.ownerSuspendedAt,
      addressLine1,
      postcode,
      lat,
      lng,
    },
    listing: {
      ...columns,
      displayAddress,
      photos: media.filter((item) => item.kind === 'photo').map(strip),
      floorplans: media.filter((item) => item.kind === 'floorplan').map(strip),
      location: shown
        ? { lat, lng, isApproximate: false }
        : {
            lat: Math.round(lat * 500) / 500,
            lng: Math.round(lng * 500) / 500,
            isApproximate: true,
          },
      priceHistory,
      statusHistory: row.statusHistory,
      reducedOn: reducedOn(priceHistory, row.price),
    },
  };
}

/** When the price last dropped, if the latest change (oldest first) was a drop to `current`. */
export function reducedOn(
  history: { price: number; changedAt: string }[],
  current: number,
): string | null {
  return latestDrop(history, current)?.on ?? null;
}
