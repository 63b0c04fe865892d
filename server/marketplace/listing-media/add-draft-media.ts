import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { MAX_FLOORPLANS } from '../../../domain/listing/media-limits.ts';
import { blobKeyOf, type BlobStore } from '../../media/blob-store.ts';
import type { DecodeSlots } from '../../media/decode-slots.ts';
import { enqueuePhotoVariants } from '../../media/photo-variants-job.ts';
import { photoHash } from '../../media/photo-hash.ts';
import { processImage, type ImageLimits } from '../../media/process-image.ts';
import { loadListingDraft } from '../listings/load-listing-draft.ts';
import { listingDrafts, type DraftMedia } from '../listings/schema.ts';
import { lockBlobKey } from './blob-references.ts';
import { mediaPhashes } from './schema.ts';

export interface MediaSettings {
  blobs: BlobStore;
  limits: ImageLimits;
  maxPhotos: number;
  /**
   * Photos and floorplans together that a draft started signed out may hold until someone signs
   * in to it: anyone can start one, so what it can store is kept small.
   */
  maxAnonymousMedia?: number;
  /** The queue in front of decoding; uploads share one per process. */
  decodeSlots?: DecodeSlots;
}

export const DEFAULT_MAX_ANONYMOUS_MEDIA = 10;

/**
 * One uploaded photo or floorplan: checked by content, cleaned (EXIF stripped, orientation
 * applied), stored, then appended to the draft. A refused file leaves nothing behind.
 */
export async function addDraftMedia(
  db: Database,
  settings: MediaSettings,
  options: {
    draftId: string;
    userSub: string | undefined;
    kind: 'photo' | 'floorplan';
    bytes: Buffer;
  },
): Promise<DraftMedia> {
  const draft = await loadListingDraft(db, options.draftId, options.userSub);
  const limit = options.kind === 'photo' ? settings.maxPhotos : MAX_FLOORPLANS;
  const anonymousLimit = settings.maxAnonymousMedia ?? DEFAULT_MAX_ANONYMOUS_MEDIA;
  const fullMessage = `A listing can have at most ${limit} ${options.kind}s.`;
  const anonymousMessage = `Sign in to add more: a listing started without signing in can hold ${anonymousLimit} photos and floorplans until you do.`;
  // Checked before any decoding, so a full draft costs the server nothing.
  if (draft.media.filter((item) => item.kind === options.kind).length >= limit) {
    throw new AppError('CONFLICT', fullMessage);
  }
  if (draft.ownerSub === null && draft.media.length >= anonymousLimit) {
    throw new AppError('CONFLICT', anonymousMessage);
  }
  const image = await processImage(options.bytes, settings.limits, settings.decodeSlots);
  const key = blobKeyOf(image.data);
  // Kept per blob for the repost check (moderation/repost-check.ts); photos only.
  const phash = options.kind === 'photo' ? await photoHash(image.data) : undefined;
  const item: DraftMedia = {
    key,
    kind: options.kind,
    width: image.width,
    height: image.height,
    caption: '',
  };
  // Appended in SQL under the limits, so parallel uploads never overwrite or overshoot; the
  // bytes are stored under the key's lock, after the reference, so expiring drafts (which delete
  // unreferenced blobs under the same lock) never delete them, and a failed store adds nothing.
  const saved = await db.transaction(async (tx) => {
    await lockBlobKey(tx, key);
    const [row] = await tx
      .update(listingDrafts)
      .set({ media: sql`${listingDrafts.media} || ${JSON.stringify([item])}::jsonb` })
      .where(
        and(
          eq(listingDrafts.id, draft.id),
          sql`(select count(*) from jsonb_array_elements(${listingDrafts.media}) as m where m->>'kind' = ${options.kind}) < ${limit}`,
          sql`(${listingDrafts.ownerSub} is not null or jsonb_array_length(${listingDrafts.media}) < ${anonymousLimit})`,
        ),
      )
      .returning({ ownerSub: listingDrafts.ownerSub });
    if (row) {
      // The common variants are rendered in the background, so the first visitor gets a hit.
      await enqueuePhotoVariants(tx, key);
      if (phash)
        await tx.insert(mediaPhashes).values({ blobKey: key, phash }).onConflictDoNothing();
      await settings.blobs.put(image.data);
    }
    return row;
  });
  if (!saved) {
    throw new AppError('CONFLICT', draft.ownerSub === null ? anonymousMessage : fullMessage);
  }
  return item;
}
