import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { ALERT_FREQUENCIES } from '../../../domain/search/alert-frequencies.ts';
import { parseSearchParams, toSearchParams } from '../../../domain/search/search-params.ts';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { hiddenListings, savedSearches } from './schema.ts';
import { listings } from '../listings/schema.ts';

export const MAX_SAVED_SEARCHES = 30;

export const saveSearchInput = z.object({
  name: z.string().trim().min(1, 'Give your search a name').max(80, 'Use at most 80 characters'),
  channel: z.enum(['sale', 'rent']),
  placeSlug: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/)
    .optional(),
  params: z.string().max(2000).default(''),
  frequency: z.enum(ALERT_FREQUENCIES).default('daily'),
});

/** Saves a search for a signed-in owner; the query is re-normalised so only valid filters keep. */
export async function saveSearch(
  db: Database,
  owner: { sub: string; email: string | undefined },
  input: unknown,
) {
  const parsed = saveSearchInput.safeParse(input);
  if (!parsed.success) {
    const fields = Object.fromEntries(
      parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
    );
    throw new AppError('VALIDATION_FAILED', 'Please check the highlighted fields.', fields);
  }
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
  const { query } = parseSearchParams(new URLSearchParams(parsed.data.params));
  const params = toSearchParams({ ...query, page: 1 }).toString();
  const [row] = await db
    .insert(savedSearches)
    .values({ ...parsed.data, params, ownerSub: owner.sub, email: owner.email })
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
