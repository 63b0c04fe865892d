import { and, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  saveSearchInput,
  updateSavedSearchInput,
} from '../../../domain/search/saved-search-input.ts';
import { parseSearchParams, toSearchParams } from '../../../domain/search/search-params.ts';
import type { Database } from '../../../db/client.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { hiddenListings, savedSearches } from './schema.ts';
import { listings } from '../listings/schema.ts';

export const MAX_SAVED_SEARCHES = 30;

function validated<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Please check the highlighted fields.',
      fieldErrorsOf(parsed.error),
    );
  }
  return parsed.data;
}

/** The query re-read and written out again, so only valid filters keep (and no page number). */
function normalisedParams(params: string): string {
  const { query } = parseSearchParams(new URLSearchParams(params));
  return toSearchParams({ ...query, page: 1 }).toString();
}

/** Saves a search for a signed-in owner; the query is re-normalised so only valid filters keep. */
export async function saveSearch(
  db: Database,
  owner: { sub: string; email: string | undefined },
  input: unknown,
) {
  const values = validated(saveSearchInput, input);
  if (!owner.email) {
    throw new AppError('BAD_REQUEST', 'Add an e-mail address to your account to receive alerts.');
  }
  const existing = await db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(and(eq(savedSearches.ownerSub, owner.sub), isNull(savedSearches.unsubscribedAt)));
  if (existing.length >= MAX_SAVED_SEARCHES) {
    throw new AppError(
      'CONFLICT',
      `You can keep up to ${MAX_SAVED_SEARCHES} saved searches. Delete one first.`,
    );
  }
  const params = normalisedParams(values.params);
  const [row] = await db
    .insert(savedSearches)
    .values({ ...values, params, ownerSub: owner.sub, email: owner.email })
    .returning();
  return row!;
}

export function listSavedSearches(db: Database, ownerSub: string) {
  return db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.ownerSub, ownerSub), isNull(savedSearches.unsubscribedAt)))
    .orderBy(desc(savedSearches.createdAt));
}

const mine = (ownerSub: string, id: number) =>
  and(
    eq(savedSearches.id, id),
    eq(savedSearches.ownerSub, ownerSub),
    isNull(savedSearches.unsubscribedAt),
  );

/** One of the owner's saved searches; anyone else's answers 404, as if it did not exist. */
export async function findSavedSearch(db: Database, ownerSub: string, id: number) {
  const [row] = Number.isSafeInteger(id)
    ? await db.select().from(savedSearches).where(mine(ownerSub, id))
    : [];
  if (!row) throw new AppError('NOT_FOUND', 'That saved search does not exist.');
  return row;
}

/**
 * Renames one of the owner's saved searches, changes its alert frequency or its criteria. New
 * criteria restart its alerts from `now` (`createdAt` is the moment homes count as new from):
 * otherwise moving a search to another area would e-mail every home listed there since it was
 * first saved.
 */
export async function updateSavedSearch(
  db: Database,
  ownerSub: string,
  id: number,
  input: unknown,
  now = new Date(),
) {
  const change = validated(updateSavedSearchInput, input);
  const current = await findSavedSearch(db, ownerSub, id);
  const set: Partial<typeof savedSearches.$inferInsert> = {};
  if (change.name !== undefined) set.name = change.name;
  if (change.frequency !== undefined) set.frequency = change.frequency;
  if (change.criteria) {
    const criteria = {
      channel: change.criteria.channel,
      placeSlug: change.criteria.placeSlug ?? null,
      params: normalisedParams(change.criteria.params),
    };
    const isSame =
      criteria.channel === current.channel &&
      criteria.placeSlug === current.placeSlug &&
      criteria.params === current.params;
    if (!isSame) Object.assign(set, criteria, { createdAt: now });
  }
  if (Object.keys(set).length === 0) return current;
  const [row] = await db.update(savedSearches).set(set).where(mine(ownerSub, id)).returning();
  if (!row) throw new AppError('NOT_FOUND', 'That saved search does not exist.');
  return row;
}

/** Deletes one of the owner's saved searches; anyone else's answers 404, as if it did not exist. */
export async function deleteSavedSearch(db: Database, ownerSub: string, id: number) {
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.ownerSub, ownerSub)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', 'That saved search does not exist.');
}

/** Stops the e-mails of one saved search (from the link in an alert, without signing in). */
export async function unsubscribeSavedSearch(
  db: Database,
  id: number,
): Promise<string | undefined> {
  const [row] = await db
    .update(savedSearches)
    .set({ unsubscribedAt: new Date() })
    .where(eq(savedSearches.id, id))
    .returning({ name: savedSearches.name });
  return row?.name;
}

export async function hideListing(db: Database, ownerSub: string, listingId: number) {
  // A listing that does not exist is the caller's mistake (404), not a foreign-key failure.
  const [listing] = Number.isSafeInteger(listingId)
    ? await db.select({ id: listings.id }).from(listings).where(eq(listings.id, listingId))
    : [];
  if (!listing) throw new AppError('NOT_FOUND', 'No such listing.');
  await db.insert(hiddenListings).values({ ownerSub, listingId }).onConflictDoNothing();
}

export async function unhideListing(db: Database, ownerSub: string, listingId: number) {
  await db
    .delete(hiddenListings)
    .where(and(eq(hiddenListings.ownerSub, ownerSub), eq(hiddenListings.listingId, listingId)));
}

export function listHiddenListingIds(db: Database, ownerSub: string) {
  return db
    .select({ listingId: hiddenListings.listingId, hiddenAt: hiddenListings.hiddenAt })
    .from(hiddenListings)
    .where(eq(hiddenListings.ownerSub, ownerSub))
    .orderBy(desc(hiddenListings.hiddenAt));
}
