import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { endUpgradesForListing } from '../payments/end-upgrades.ts';
import { loadOwnedListing } from './load-owned-listing.ts';
import { listings } from './schema.ts';

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

/** Deleted more than 30 days ago: gone for good (media rows cascade; blobs are shared by hash). */
export async function purgeDeletedListings(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RESTORE_WINDOW_MS);
  const purged = await db
    .delete(listings)
    .where(and(isNotNull(listings.deletedAt), lt(listings.deletedAt, cutoff)))
    .returning({ id: listings.id });
  return purged.length;
}
