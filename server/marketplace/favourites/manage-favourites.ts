import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  cardOrWithdrawn,
  type AdvertisedCard,
  type WithdrawnCard,
} from '../../../domain/listing/visibility.ts';
import { listings } from '../listings/schema.ts';
import { summaryColumns, toSummaries, type ListingSummary } from '../listings/listing-summary.ts';
import { isPublicListingSql, visibilityColumns } from '../listings/public-listing-sql.ts';
import { AppError } from '../../http/app-error.ts';
import { favourites } from './schema.ts';

const MAX_FAVOURITES = 500;

/** Only ids of public listings, so a browser list cannot plant junk on the server. */
function validIds(ids: unknown[]): number[] {
  return [
    ...new Set(ids.map((id) => Number(id)).filter((id) => Number.isSafeInteger(id) && id > 0)),
  ].slice(0, MAX_FAVOURITES);
}

/**
 * Saves one public listing; any other (missing, draft, paused, held, removed, deleted) answers
 * the API's 404 for a missing listing, so favouriting cannot tell hidden ids from unused ones.
 */
export async function addFavourite(
  db: Database,
  userSub: string,
  listingId: number,
): Promise<void> {
  const [publicListing] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, listingId), isPublicListingSql()));
  if (!publicListing) throw new AppError('NOT_FOUND', 'No such listing.');
  await db.insert(favourites).values({ userSub, listingId }).onConflictDoNothing();
}

export async function removeFavourite(
  db: Database,
  userSub: string,
  listingId: number,
): Promise<void> {
  await db
    .delete(favourites)
    .where(and(eq(favourites.userSub, userSub), eq(favourites.listingId, listingId)));
}

/** Adds the browser's list to the server's and answers the union, as strings (the browser's form). */
export async function mergeFavourites(
  db: Database,
  userSub: string,
  ids: unknown[],
): Promise<string[]> {
  const wanted = validIds(ids);
  if (wanted.length) {
    const existing = await db
      .select({ id: listings.id })
      .from(listings)
      .where(and(inArray(listings.id, wanted), isPublicListingSql()));
    if (existing.length) {
      await db
        .insert(favourites)
        .values(existing.map(({ id }) => ({ userSub, listingId: id })))
        .onConflictDoNothing();
    }
  }
  const rows = await db
    .select({ id: favourites.listingId })
    .from(favourites)
    .where(eq(favourites.userSub, userSub))
    .orderBy(desc(favourites.createdAt));
  return rows.map(({ id }) => String(id));
}

export const MAX_NOTE_LENGTH = 1000;

/** Sets the private note on one of the user's favourites; anyone else's answers 404. */
export async function setFavouriteNote(
  db: Database,
  userSub: string,
  listingId: number,
  note: unknown,
): Promise<string> {
  if (typeof note !== 'string') {
    throw new AppError('VALIDATION_FAILED', 'Please check the note.', { note: 'Enter a note' });
  }
  const text = note.replace(/\r\n/g, '\n').trim();
  if (text.length > MAX_NOTE_LENGTH) {
    throw new AppError('VALIDATION_FAILED', 'Please check the note.', {
      note: `Keep your note under ${MAX_NOTE_LENGTH.toLocaleString('en-GB')} characters`,
    });
  }
  const updated = await db
    .update(favourites)
    .set({ note: text })
    .where(and(eq(favourites.userSub, userSub), eq(favourites.listingId, listingId)))
    .returning({ note: favourites.note });
  if (updated.length === 0) throw new AppError('NOT_FOUND', 'That home is not in your favourites.');
  return updated[0]!.note;
}

export type FavouriteCard = (AdvertisedCard<ListingSummary> | WithdrawnCard) & { note: string };

/**
 * /favourites: each saved listing as a card with its current status (sold and let ones too); one
 * no longer public (paused, held, removed, deleted, lister suspended) as its id and the user's
 * note only, so it can be removed.
 */
export async function listFavourites(db: Database, userSub: string): Promise<FavouriteCard[]> {
  const rows = await db
    .select({
      ...summaryColumns,
      deletedAt: visibilityColumns.deletedAt,
      ownerSuspendedAt: visibilityColumns.ownerSuspendedAt,
      note: favourites.note,
    })
    .from(favourites)
    .innerJoin(listings, eq(listings.id, favourites.listingId))
    .where(eq(favourites.userSub, userSub))
    .orderBy(desc(favourites.createdAt))
    .limit(MAX_FAVOURITES);
  return toSummaries(rows).map(({ note, ...card }) => ({ ...cardOrWithdrawn(card), note }));
}
