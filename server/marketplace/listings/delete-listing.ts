import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { endUpgradesForListing } from '../payments/end-upgrades.ts';
import { loadOwnedListing } from './load-owned-listing.ts';
import { listings } from './schema.ts';
import { summariseForArchive } from '../home-history/earlier-listings.ts';
import { pastListings } from '../home-history/schema.ts';

export const RESTORE_WINDOW_MS = 30 * 86_400_000;

/** Soft delete: the listing leaves the site at once (410) and can be restored for 30 days. */
export async function deleteListing(
  db: Database,
  options: { listingId: number; userSub: string; now?: Date },
): Promise<void> {
  const listing = await loadOwnedListing(db, options.listingId, options.userSub);
  const now = options.now ?? new Date();
  await db
    .update(listings)
    .set({ deletedAt: now, status: 'removed', statusChangedAt: now })
    .where(eq(listings.id, listing.id));
  await endUpgradesForListing(db, { listingId: listing.id, now });
}

/** Brings a deleted listing back, paused, so the lister checks it before it goes live again. */
export async function restoreListing(
  db: Database,
  options: { listingId: number; userSub: string; now?: Date },
): Promise<void> {
  const listing = await loadOwnedListing(db, options.listingId, options.userSub, {
    includeDeleted: true,
  });
  const now = options.now ?? new Date();
  if (!listing.deletedAt) return;
  if (listing.deletedAt.getTime() < now.getTime() - RESTORE_WINDOW_MS) {
    throw new AppError('GONE', 'Listings can be restored for 30 days after deletion.');
  }
  await db
    .update(listings)
    .set({ deletedAt: null, status: 'paused', statusChangedAt: now })
    .where(eq(listings.id, listing.id));
}

/**
 * Deleted more than 30 days ago: gone for good (media rows cascade; blobs are shared by hash),
 * leaving a summary by address in `past_listings` so a relisted home still shows its history.
 */
export async function purgeDeletedListings(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RESTORE_WINDOW_MS);
  const due = and(isNotNull(listings.deletedAt), lt(listings.deletedAt, cutoff));
  return db.transaction(async (tx) => {
    const going = await tx.select().from(listings).where(due);
    if (!going.length) return 0;
    const summaries = await summariseForArchive(tx, going);
    if (summaries.length) await tx.insert(pastListings).values(summaries).onConflictDoNothing();
    const purged = await tx.delete(listings).where(due).returning({ id: listings.id });
    return purged.length;
  });
}
