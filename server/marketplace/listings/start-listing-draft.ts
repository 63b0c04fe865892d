import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { toDraftData } from './listing-values.ts';
import { loadOwnedListing } from './load-owned-listing.ts';
import { newDraftId } from './load-listing-draft.ts';
import { listingDrafts, listingMedia, type DraftMedia, type ListingDraftRow } from './schema.ts';

/** A new, empty draft (`tempPropertyId`); signed-out visitors may start one. */
export async function startListingDraft(
  db: Database,
  options: { userSub: string | undefined },
): Promise<ListingDraftRow> {
  const [draft] = await db
    .insert(listingDrafts)
    .values({ id: newDraftId(), ownerSub: options.userSub ?? null })
    .returning();
  return draft!;
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
