import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { RetryLaterError } from '../../http/retry-later-error.ts';
import { senderHashOf } from '../../../limits/index.ts';
import { toDraftData } from './listing-values.ts';
import { loadOwnedListing } from './load-owned-listing.ts';
import { newDraftId } from './load-listing-draft.ts';
import { listingDrafts, listingMedia, type DraftMedia, type ListingDraftRow } from './schema.ts';

export const DEFAULT_ANONYMOUS_DRAFTS_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

/**
 * A new, empty draft (`tempPropertyId`); signed-out visitors may start one, at most
 * `anonymousPerHour` an hour from one address (counted in the database under an advisory lock,
 * so it holds across instances and parallel requests).
 */
export async function startListingDraft(
  db: Database,
  options: {
    userSub: string | undefined;
    clientIp: string;
    anonymousPerHour?: number;
    now?: Date;
  },
): Promise<ListingDraftRow> {
  if (options.userSub) {
    const [draft] = await db
      .insert(listingDrafts)
      .values({ id: newDraftId(), ownerSub: options.userSub })
      .returning();
    return draft!;
  }
  const limit = options.anonymousPerHour ?? DEFAULT_ANONYMOUS_DRAFTS_PER_HOUR;
  const creatorHash = senderHashOf(options.clientIp, 'listing-draft');
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - HOUR_MS);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`draft:${creatorHash}`}))`);
    const recent = await tx
      .select({ createdAt: listingDrafts.createdAt })
      .from(listingDrafts)
      .where(and(eq(listingDrafts.creatorHash, creatorHash), gt(listingDrafts.createdAt, since)))
      .orderBy(asc(listingDrafts.createdAt));
    if (recent.length >= limit) {
      const freesAt = recent[recent.length - limit]!.createdAt.getTime() + HOUR_MS;
      throw new RetryLaterError(
        'RATE_LIMITED',
        'Several listings have been started from your connection in the last hour. Sign in to start another, or try again later.',
        (freesAt - now.getTime()) / 1000,
      );
    }
    const [draft] = await tx
      .insert(listingDrafts)
      .values({ id: newDraftId(), ownerSub: null, creatorHash, createdAt: now, updatedAt: now })
      .returning();
    return draft!;
  });
}

/** Editing reuses the wizard: the owner's open draft for this listing, or a fresh copy of it. */
export async function startListingEdit(
  db: Database,
  options: { listingId: number; userSub: string },
): Promise<ListingDraftRow> {
  const listing = await loadOwnedListing(db, options.listingId, options.userSub);
  const [open] = await db
    .select()
    .from(listingDrafts)
    .where(
      and(eq(listingDrafts.listingId, listing.id), eq(listingDrafts.ownerSub, options.userSub)),
    );
  if (open) return open;
  const media = await db
    .select()
    .from(listingMedia)
    .where(eq(listingMedia.listingId, listing.id))
    .orderBy(asc(listingMedia.kind), asc(listingMedia.position));
  const [draft] = await db
    .insert(listingDrafts)
    .values({
      id: newDraftId(),
      ownerSub: options.userSub,
      listingId: listing.id,
      data: toDraftData(listing),
      media: media.map((item): DraftMedia => ({
        key: item.blobKey,
        kind: item.kind,
        width: item.width,
        height: item.height,
        caption: item.caption,
      })),
    })
    .returning();
  return draft!;
}
