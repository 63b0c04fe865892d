import type { Database } from '../../../db/client.ts';
import { listingVisibility } from '../../../domain/listing/visibility.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { freeSlots, type Availability, type Slot } from '../../../domain/viewings/slots.ts';
import {
  availabilityFormSchema,
  DEFAULT_AVAILABILITY,
} from '../../../domain/viewings/viewing-schemas.ts';
import { AppError } from '../../http/app-error.ts';
import { viewingAvailability } from './schema.ts';
import {
  findViewingListing,
  isViewable,
  ownListing,
  pathOf,
  readAvailability,
  takenSlots,
  type ViewableListing,
} from './viewing-listing.ts';

/** The owner's availability for one listing (the defaults, with no hours, before they set any). */
export async function getAvailability(
  db: Database,
  options: { user: SessionUser; listingId: number },
) {
  const listing = await ownListing(db, options.user.userId, options.listingId);
  const availability = await readAvailability(db, listing.id);
  return {
    listing,
    availability: availability ?? DEFAULT_AVAILABILITY,
    isSet: Boolean(availability),
  };
}

/** Saves the owner's availability from the form (zod-checked); only the owner may. */
export async function saveAvailability(
  db: Database,
  options: { user: SessionUser; listingId: number; input: unknown; now?: Date },
): Promise<Availability> {
  const listing = await ownListing(db, options.user.userId, options.listingId);
  const parsed = availabilityFormSchema.safeParse(options.input);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Check the highlighted fields.',
      fieldErrorsOf(parsed.error),
    );
  }
  const value = parsed.data;
  const row = { ...value, updatedAt: options.now ?? new Date() };
  await db
    .insert(viewingAvailability)
    .values({ listingId: listing.id, ...row })
    .onConflictDoUpdate({ target: viewingAvailability.listingId, set: row });
  return value;
}

/**
 * The free slots anyone may see for a listing on Roost that takes bookings; an empty list when
 * its lister has set no hours or it can no longer be viewed.
 */
export async function listingFreeSlots(
  db: Database,
  options: { listingId: number; now?: Date },
): Promise<Slot[]> {
  const listing = await findViewingListing(db, options.listingId);
  return listing ? freeSlotsOf(db, { listing, now: options.now }) : [];
}

/** The same, for a listing the caller has already read (its owner and visibility). */
export async function freeSlotsOf(
  db: Database,
  options: { listing: ViewableListing; now?: Date | undefined },
): Promise<Slot[]> {
  const { listing } = options;
  if (!isViewable(listing)) return [];
  const availability = await readAvailability(db, listing.id);
  if (!availability) return [];
  const now = options.now ?? new Date();
  return freeSlots(availability, now, await takenSlots(db, listing.ownerSub, now));
}

/** Slots as the pages carry them: ISO instants. */
export const slotTimes = (slots: Slot[]) =>
  slots.map((slot) => ({
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
  }));

/**
 * What the booking page shows: the listing (NOT_FOUND unless it is on Roost), whether the visitor
 * is its lister, and its free slots.
 */
export async function bookingChoices(
  db: Database,
  options: { listingId: number; userId: string | undefined; now?: Date },
) {
  const listing = await findViewingListing(db, options.listingId);
  if (!listing || listingVisibility(listing) !== 'public') {
    throw new AppError('NOT_FOUND', 'Listing not found.');
  }
  const slots = await listingFreeSlots(db, options);
  return {
    listing: { id: listing.id, title: listing.title, path: pathOf(listing) },
    isOwner: listing.ownerSub === options.userId,
    slots: slotTimes(slots),
  };
}
