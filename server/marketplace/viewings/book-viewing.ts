import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { findFreeSlot } from '../../../domain/viewings/slots.ts';
import { bookingSchema } from '../../../domain/viewings/viewing-schemas.ts';
import { takeHourly } from '../../../limits/index.ts';
import { AppError } from '../../http/app-error.ts';
import { refuseWhenLimited } from '../../http/retry-later-error.ts';
import type { Logger } from '../../logger.ts';
import type { SendEmail } from '../enquiries/submit-enquiry.ts';
import { listingFreeSlots } from './availability.ts';
import { viewings, type Viewing } from './schema.ts';
import { addressOf, findViewingListing, pathOf, type ViewingListing } from './viewing-listing.ts';
import { viewingMail, type ViewingMailKind, type ViewingReader } from './viewing-mail.ts';

export interface ViewingSettings {
  send: SendEmail | undefined;
  publicUrl: string;
  /** Viewings one person may book in an hour, across all homes. */
  bookingsPerHour: number;
  logger: Logger;
}

export const SLOT_TAKEN = 'Sorry, that time has just been booked by someone else. Choose another.';

/** The slot named by `startsAt` if it is free now, else a CONFLICT for the form. */
export async function requireFreeSlot(
  db: Database,
  listingId: number,
  startsAt: string,
  now: Date,
) {
  const slots = await listingFreeSlots(db, { listingId, now });
  const slot = findFreeSlot(slots, new Date(startsAt));
  if (!slot) throw new AppError('CONFLICT', SLOT_TAKEN, { startsAt: SLOT_TAKEN });
  return slot;
}

export function parseBooking(input: unknown) {
  const parsed = bookingSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Choose a time for the viewing.',
      fieldErrorsOf(parsed.error),
    );
  }
  return parsed.data;
}

/**
 * Books a free slot for the signed-in person: the slot is checked against the lister's calendar
 * on the server, the booker's hourly limit is counted under their lock, and the partial unique
 * index decides between people booking the same slot at once (the loser is told it is taken).
 * Both sides are e-mailed a confirmation with the calendar entry.
 */
export async function bookViewing(
  db: Database,
  settings: ViewingSettings,
  options: { user: SessionUser; listingId: number; input: unknown; now?: Date },
): Promise<Viewing> {
  const { user } = options;
  const input = parseBooking(options.input);
  if (!user.email) throw new AppError('FORBIDDEN', 'Add an e-mail address to your account first.');
  const now = options.now ?? new Date();
  const listing = await findViewingListing(db, options.listingId);
  if (!listing) throw new AppError('NOT_FOUND', 'Listing not found.');
  if (listing.ownerSub === user.userId) {
    throw new AppError('FORBIDDEN', 'This is your own listing: you cannot book a viewing of it.');
  }
  const slot = await requireFreeSlot(db, listing.id, input.startsAt, now);
  const viewing = await db.transaction(async (tx) => {
    refuseWhenLimited(
      await takeHourly(tx, {
        lockKey: `viewing:${user.userId}`,
        table: viewings,
        createdAt: viewings.createdAt,
        sender: eq(viewings.bookerSub, user.userId),
        perHour: settings.bookingsPerHour,
        now,
      }),
      'You have booked several viewings in the last hour. Please wait a while before booking another.',
    );
    const [row] = await tx
      .insert(viewings)
      .values({
        listingId: listing.id,
        bookerSub: user.userId,
        // Never the e-mail address: the lister sees the name only, as with enquiries.
        bookerName: user.name ?? user.givenName ?? 'A Roost member',
        bookerEmail: user.email!,
        note: input.note,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        bookedAt: now,
        createdAt: now,
      })
      .onConflictDoNothing({
        target: [viewings.listingId, viewings.startsAt],
        where: eq(viewings.status, 'booked'),
      })
      .returning();
    return row;
  });
  if (!viewing) throw new AppError('CONFLICT', SLOT_TAKEN, { startsAt: SLOT_TAKEN });
  await tellBothSides(settings, { viewing, listing, kind: 'booked' });
  return viewing;
}

/**
 * E-mails the sides named (both by default) about a viewing; a failed e-mail is logged, never
 * undoes the booking (each side also sees it on Roost).
 */
export async function tellBothSides(
  settings: Pick<ViewingSettings, 'send' | 'publicUrl' | 'logger'>,
  options: {
    viewing: Viewing;
    listing: NonNullable<ViewingListing>;
    kind: ViewingMailKind;
    by?: ViewingReader;
    only?: ViewingReader;
  },
): Promise<void> {
  const { viewing, listing } = options;
  const facts = {
    ...viewing,
    listingTitle: listing.title,
    address: addressOf(listing),
    listingUrl: `${settings.publicUrl}${pathOf(listing)}`,
    manageUrl: `${settings.publicUrl}/my-account/viewings`,
  };
  const readers: [ViewingReader, string | null][] = [
    ['booker', viewing.bookerEmail],
    ['lister', listing.contactEmail],
  ];
  for (const [reader, to] of readers) {
    if (!to || (options.only && options.only !== reader)) continue;
    try {
      await settings.send?.(
        viewingMail({ to, reader, kind: options.kind, by: options.by, viewing: facts }),
      );
    } catch (error) {
      settings.logger.error({ err: error, viewingId: viewing.id }, 'viewing e-mail failed');
    }
  }
}
