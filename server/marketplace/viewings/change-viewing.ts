import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { AppError } from '../../http/app-error.ts';
import {
  parseBooking,
  requireFreeSlot,
  SLOT_TAKEN,
  tellBothSides,
  type ViewingSettings,
} from './book-viewing.ts';
import { viewings, type Viewing } from './schema.ts';
import { findViewingListing } from './viewing-listing.ts';

/**
 * A booked viewing and which side the user is on; NOT_FOUND for anyone else, so a stranger
 * cannot tell a viewing exists.
 */
async function viewingOf(db: Database, user: SessionUser, viewingId: number) {
  if (!Number.isSafeInteger(viewingId)) throw new AppError('NOT_FOUND', 'Viewing not found.');
  const [viewing] = await db.select().from(viewings).where(eq(viewings.id, viewingId));
  const listing = viewing ? await findViewingListing(db, viewing.listingId) : undefined;
  if (!viewing || !listing) throw new AppError('NOT_FOUND', 'Viewing not found.');
  const side =
    listing.ownerSub === user.userId
      ? 'lister'
      : viewing.bookerSub === user.userId
        ? 'booker'
        : undefined;
  if (!side) throw new AppError('NOT_FOUND', 'Viewing not found.');
  if (viewing.status !== 'booked')
    throw new AppError('CONFLICT', 'This viewing is already cancelled.');
  return { viewing, listing, side } as const;
}

/** Cancels a viewing for either side; the other side is e-mailed. */
export async function cancelViewing(
  db: Database,
  settings: ViewingSettings,
  options: { user: SessionUser; viewingId: number },
): Promise<Viewing> {
  const { viewing, listing, side } = await viewingOf(db, options.user, options.viewingId);
  const [cancelled] = await db
    .update(viewings)
    .set({ status: 'cancelled', cancelledBy: side })
    .where(and(eq(viewings.id, viewing.id), eq(viewings.status, 'booked')))
    .returning();
  if (!cancelled) throw new AppError('CONFLICT', 'This viewing is already cancelled.');
  const other = side === 'lister' ? 'booker' : 'lister';
  await tellBothSides(settings, {
    viewing: cancelled,
    listing,
    kind: 'cancelled',
    by: side,
    only: other,
  });
  return cancelled;
}

const isUniqueViolation = (error: unknown): boolean => {
  for (
    let cause = error;
    cause && typeof cause === 'object';
    cause = (cause as { cause?: unknown }).cause
  ) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * Moves a viewing to another free slot of the same home, for either side: checked against the
 * calendar, and the partial unique index refuses a slot someone took in between. The other side
 * is e-mailed the new time with the updated calendar entry; the reminder is due again.
 */
export async function moveViewing(
  db: Database,
  settings: ViewingSettings,
  options: { user: SessionUser; viewingId: number; input: unknown; now?: Date },
): Promise<Viewing> {
  const { startsAt } = parseBooking(options.input);
  const now = options.now ?? new Date();
  const { viewing, listing, side } = await viewingOf(db, options.user, options.viewingId);
  const slot = await requireFreeSlot(db, listing.id, startsAt, now);
  let moved: Viewing | undefined;
  try {
    [moved] = await db
      .update(viewings)
      .set({
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        sequence: sql`${viewings.sequence} + 1`,
        bookedAt: now,
        remindedAt: null,
      })
      .where(and(eq(viewings.id, viewing.id), eq(viewings.status, 'booked')))
      .returning();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', SLOT_TAKEN, { startsAt: SLOT_TAKEN });
    throw error;
  }
  if (!moved) throw new AppError('CONFLICT', 'This viewing is already cancelled.');
  const other = side === 'lister' ? 'booker' : 'lister';
  await tellBothSides(settings, { viewing: moved, listing, kind: 'moved', by: side, only: other });
  return moved;
}
