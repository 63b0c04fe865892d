import type { SessionUser } from '../../../domain/session-user.ts';
import type { MarketplaceDeps } from '../marketplace-deps.ts';
import {
  bookingChoices,
  freeSlotsOf,
  getAvailability,
  listingFreeSlots,
  saveAvailability,
  slotTimes,
} from './availability.ts';
import { bookViewing, type ViewingSettings } from './book-viewing.ts';
import { cancelViewing, moveViewing } from './change-viewing.ts';
import { upcomingViewings } from './list-viewings.ts';
import type { ViewableListing } from './viewing-listing.ts';

/** Viewings one person may book in an hour, across all homes. */
export const VIEWING_BOOKINGS_PER_HOUR = 6;

/**
 * Viewings on the lister's own calendar: the lister sets when they show the home, visitors book
 * a free slot, either side moves or cancels. Roost hosts the calendar; it arranges nothing.
 */
export function createViewingsService(deps: MarketplaceDeps) {
  const { db } = deps;
  const settings = (): ViewingSettings => ({
    send: deps.mail('viewing'),
    publicUrl: deps.publicUrl,
    bookingsPerHour: VIEWING_BOOKINGS_PER_HOUR,
    logger: deps.logger,
  });
  type Own = { user: SessionUser; listingId: number };
  return {
    availability: (options: Own) => getAvailability(db, options),
    saveAvailability: (options: Own & { input: unknown }) => saveAvailability(db, options),
    freeSlots: (options: { listingId: number; now?: Date }) => listingFreeSlots(db, options),
    /** The free slots as ISO instants, for pages (none for the listing's own lister). */
    openSlots: async (options: { listingId: number; isOwner: boolean }) =>
      options.isOwner ? [] : slotTimes(await listingFreeSlots(db, options)),
    /** The same for a listing already read (the property page's), without reading it again. */
    openSlotsOf: async (options: { listing: ViewableListing; isOwner: boolean }) =>
      options.isOwner ? [] : slotTimes(await freeSlotsOf(db, options)),
    /** The booking page's listing, whether the user is its lister, and its free slots. */
    bookingChoices: (options: { listingId: number; user: SessionUser | null }) =>
      bookingChoices(db, { listingId: options.listingId, userId: options.user?.userId }),
    book: (options: Own & { input: unknown; now?: Date }) => bookViewing(db, settings(), options),
    cancel: (options: { user: SessionUser; viewingId: number }) =>
      cancelViewing(db, settings(), options),
    move: (options: { user: SessionUser; viewingId: number; input: unknown; now?: Date }) =>
      moveViewing(db, settings(), options),
    upcoming: (options: { user: SessionUser; now?: Date }) => upcomingViewings(db, options),
  };
}
