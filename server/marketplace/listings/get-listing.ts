import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
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

export interface ListingDetail extends Omit<
  Listing,
  | 'addressLine1'
  | 'addressLine2'
  | 'postcode'
  | 'ownerSub'
  | 'lat'
  | 'lng'
  | 'contactEmail'
  | 'ownerSuspendedAt'
> {
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

/** One listing as the public sees it, or `undefined` when there is no such listing. */
export async function getListing(db: Database, id: number): Promise<ListingDetail | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const [row] = await db.select().from(listings).where(eq(listings.id, id));
  // A disabled lister's listings are off Roost until an administrator re-enables the account.
  if (!row || row.ownerSuspendedAt) return undefined;
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
  const {
    addressLine1,
    addressLine2,
    postcode,
    ownerSub: _owner,
    contactEmail: _email,
    ownerSuspendedAt: _suspended,
    lat,
    lng,
    ...rest
  } = row;
  const shown = row.isFullAddressShown;
  const displayAddress = shown
    ? [addressLine1, addressLine2, row.town, postcode].filter(Boolean).join(', ')
    : `${streetOnly(addressLine1)}, ${row.town}`;
  const strip = ({ kind: _kind, ...item }: (typeof media)[number]) => item;
  return {
    ...rest,
    displayAddress,
    photos: media.filter((item) => item.kind === 'photo').map(strip),
    floorplans: media.filter((item) => item.kind === 'floorplan').map(strip),
    location: shown
      ? { lat, lng, isApproximate: false }
      : { lat: Math.round(lat * 500) / 500, lng: Math.round(lng * 500) / 500, isApproximate: true },
    priceHistory: history.map((entry) => ({
      price: entry.price,
      changedAt: entry.changedAt.toISOString(),
    })),
    statusHistory: statusHistory.map((entry) => ({
      event: entry.event,
      changedAt: entry.changedAt.toISOString(),
    })),
    reducedOn: reducedOn(history, row.price),
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
