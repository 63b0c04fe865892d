import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { listingPath } from '../../../domain/listing/listing-url.ts';
import { listingVisibility } from '../../../domain/listing/visibility.ts';
import { DEFAULT_AVAILABILITY } from '../../../domain/viewings/viewing-schemas.ts';
import type { Availability, Slot } from '../../../domain/viewings/slots.ts';
import { AppError } from '../../http/app-error.ts';
import { listings } from '../listings/schema.ts';
import { viewingAvailability, viewings } from './schema.ts';

/** Statuses in which a home can still be viewed. */
const VIEWABLE = new Set(['active', 'under_offer']);

export type ViewingListing = Awaited<ReturnType<typeof findViewingListing>>;

/** The listing facts viewings need (owner, contact, address), or undefined. */
export async function findViewingListing(db: Database, listingId: number) {
  if (!Number.isSafeInteger(listingId)) return undefined;
  const [row] = await db
    .select({
      id: listings.id,
      ownerSub: listings.ownerSub,
      status: listings.status,
      deletedAt: listings.deletedAt,
      ownerSuspendedAt: listings.ownerSuspendedAt,
      title: listings.title,
      contactEmail: listings.contactEmail,
      addressLine1: listings.addressLine1,
      town: listings.town,
      postcode: listings.postcode,
      bedrooms: listings.bedrooms,
      propertyType: listings.propertyType,
      channel: listings.channel,
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  return row;
}

/** What decides whether a listing's free slots are offered, and whose calendar they are on. */
export type ViewableListing = Pick<
  NonNullable<ViewingListing>,
  'id' | 'ownerSub' | 'status' | 'deletedAt' | 'ownerSuspendedAt'
>;

/** Whether visitors may book viewings of it now: on Roost and still available. */
export function isViewable(listing: ViewableListing): boolean {
  return listingVisibility(listing) === 'public' && VIEWABLE.has(listing.status);
}

export const addressOf = (listing: NonNullable<ViewingListing>) =>
  `${listing.addressLine1}, ${listing.town} ${listing.postcode}`;

export const pathOf = (listing: Parameters<typeof listingPath>[0]) => listingPath(listing);

/** The owner's listing, or NOT_FOUND for anyone else (the same answer as for no listing). */
export async function ownListing(db: Database, userId: string, listingId: number) {
  const listing = await findViewingListing(db, listingId);
  if (!listing || listing.ownerSub !== userId || listing.deletedAt) {
    throw new AppError('NOT_FOUND', 'Listing not found.');
  }
  return listing;
}

/** The listing's availability, or undefined when its lister has not set any. */
export async function readAvailability(
  db: Database,
  listingId: number,
): Promise<Availability | undefined> {
  const [row] = await db
    .select()
    .from(viewingAvailability)
    .where(eq(viewingAvailability.listingId, listingId));
  if (!row) return undefined;
  return {
    ...DEFAULT_AVAILABILITY,
    weekly: row.weekly,
    datesOff: row.datesOff,
    slotMinutes: row.slotMinutes,
    gapMinutes: row.gapMinutes,
    bookAheadDays: row.bookAheadDays,
  };
}

/**
 * Viewings booked and not yet over at any of the owner's homes: a lister cannot show two homes
 * at once, so a slot overlapping one of them is not offered at another.
 */
export async function takenSlots(db: Database, ownerSub: string, now: Date): Promise<Slot[]> {
  const owned = db
    .select({ id: listings.id })
    .from(listings)
    .where(eq(listings.ownerSub, ownerSub));
  return db
    .select({ startsAt: viewings.startsAt, endsAt: viewings.endsAt })
    .from(viewings)
    .where(
      and(
        inArray(viewings.listingId, owned),
        eq(viewings.status, 'booked'),
        gt(viewings.endsAt, now),
      ),
    );
}
