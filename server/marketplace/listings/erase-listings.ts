import { eq, inArray, sql } from 'drizzle-orm';
import { ERASED_ACCOUNT_ID, ERASED_FIELD } from '../../../domain/admin/erased-account.ts';
import type { ErasureTarget, ErasureTx } from '../erasure-target.ts';
import { listers, listingDrafts, listingMedia, listings } from './schema.ts';

/** The person's listings, found before any step changes their owner. */
export async function ownListingIds(tx: ErasureTx, target: ErasureTarget): Promise<number[]> {
  const own = await tx
    .select({ id: listings.id })
    .from(listings)
    .where(eq(listings.ownerSub, target.sub));
  return own.map((row) => row.id);
}

export interface ErasedListings {
  listingsRemoved: number;
  photosRemoved: number;
  listerProfileRemoved: boolean;
  /** The originals the listings and drafts showed: deleted once the transaction commits. */
  blobKeys: string[];
}

/**
 * Erasure's step for listings: each listing is removed (soft-deleted, so the purge job deletes
 * it with other deleted listings; the row stays until then for the moderation records and the
 * orders that name it), its words, address, photos and tours gone and its owner replaced by
 * ERASED_ACCOUNT_ID; drafts in progress and the public lister profile are deleted. The photo
 * files go after the commit (`deleteUnreferencedBlobs`), unless another listing shows them.
 */
export async function eraseListings(
  tx: ErasureTx,
  target: ErasureTarget,
  ids: number[],
): Promise<ErasedListings> {
  const blobKeys: string[] = [];
  if (ids.length) {
    const media = await tx
      .delete(listingMedia)
      .where(inArray(listingMedia.listingId, ids))
      .returning({ key: listingMedia.blobKey });
    blobKeys.push(...media.map((item) => item.key));
    await tx
      .update(listings)
      .set({
        ownerSub: ERASED_ACCOUNT_ID,
        status: 'removed',
        deletedAt: sql`coalesce(${listings.deletedAt}, ${target.now.toISOString()}::timestamptz)`,
        title: ERASED_FIELD,
        description: '',
        keyFeatures: [],
        materialInfo: {},
        addressLine1: ERASED_FIELD,
        addressLine2: null,
        contactEmail: null,
        tours: [],
        isFullAddressShown: false,
        statusChangedAt: target.now,
      })
      .where(inArray(listings.id, ids));
  }
  const drafts = await tx
    .delete(listingDrafts)
    .where(eq(listingDrafts.ownerSub, target.sub))
    .returning({ media: listingDrafts.media });
  const photosRemoved = blobKeys.length;
  blobKeys.push(...drafts.flatMap((draft) => draft.media.map((item) => item.key)));
  const profile = await tx
    .delete(listers)
    .where(eq(listers.sub, target.sub))
    .returning({ sub: listers.sub });
  return {
    listingsRemoved: ids.length,
    photosRemoved,
    listerProfileRemoved: profile.length > 0,
    blobKeys,
  };
}
