import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { listingVisibility, type ListingVisibility } from '../../../domain/listing/visibility.ts';
import { streetOnly } from './listing-summary.ts';
import {
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
  'furnished',
  'letType',
  'availableFrom',
  'deposit',
  'holdingDeposit',
  'billsIncluded',
  'petsConsidered',
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
}

/** One listing as the public sees it, or `undefined` when there is no such listing. */
export async function getListing(db: Database, id: number): Promise<ListingDetail | undefined> {
  return (await lookUpListing(db, id))?.listing;
}

/** The listing with its visibility (pages and the API answer 404 or 410 unless `public`). */
export async function lookUpListing(db: Database, id: number): Promise<ListingLookup | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const [row] = await db.select().from(listings).where(eq(listings.id, id));
  if (!row) return undefined;
  const media = await db
    .select({
      kind: listingMedia.kind,
      blobKey: listingMedia.blobKey,
      width: listingMedia.width,
      height: listingMedia.height,
      caption: listingMedia.caption,
    })
    .from(listingMedia)
    .where(eq(listingMedia.listingId, id))
    .orderBy(asc(listingMedia.kind), asc(listingMedia.position));
  const history = await db
    .select({ price: listingPriceHistory.price, changedAt: listingPriceHistory.changedAt })
    .from(listingPriceHistory)
    .where(eq(listingPriceHistory.listingId, id))
    .orderBy(asc(listingPriceHistory.changedAt), asc(listingPriceHistory.id));
  const statusHistory = await db
    .select({ event: listingStatusHistory.event, changedAt: listingStatusHistory.changedAt })
    .from(listingStatusHistory)
    .where(eq(listingStatusHistory.listingId, id))
    .orderBy(asc(listingStatusHistory.changedAt), asc(listingStatusHistory.id));
  const { addressLine1, addressLine2, postcode, lat, lng } = row;
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
      priceHistory: history.map((entry) => ({
        price: entry.price,
        changedAt: entry.changedAt.toISOString(),
      })),
      statusHistory: statusHistory.map((entry) => ({
        event: entry.event,
        changedAt: entry.changedAt.toISOString(),
      })),
      reducedOn: reducedOn(history, row.price),
    },
  };
}

export function reducedOn(
  history: { price: number; changedAt: Date }[],
  current: number,
): string | null {
  const last = history.at(-1);
  const before = history.at(-2);
  if (!last || !before || last.price !== current || last.price >= before.price) return null;
  return last.changedAt.toISOString();
}

/** Counts a page view (not for the owner, not for bots: the route decides). */
export async function recordListingView(db: Database, id: number): Promise<void> {
  await db
    .update(listings)
    .set({ viewCount: sql`${listings.viewCount} + 1` })
    .where(and(eq(listings.id, id), eq(listings.status, 'active')));
}

/** Whether `userSub` owns the listing (for owner-only links on public pages). */
export async function isListingOwner(
  db: Database,
  id: number,
  userSub: string | undefined,
): Promise<boolean> {
  if (!userSub || !Number.isSafeInteger(id)) return false;
  const [row] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.ownerSub, userSub)));
  return Boolean(row);
}
