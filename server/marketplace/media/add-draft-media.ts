import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { BlobStore } from '../../media/blob-store.ts';
import { processImage, type ImageLimits } from '../../media/process-image.ts';
import { loadListingDraft } from '../listings/load-listing-draft.ts';
import { listingDrafts, type DraftMedia } from '../listings/schema.ts';

export interface MediaSettings {
  blobs: BlobStore;
  limits: ImageLimits;
  maxPhotos: number;
}

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
  const limit = options.kind === 'photo' ? settings.maxPhotos : 10;
  if (draft.media.filter((item) => item.kind === options.kind).length >= limit) {
    throw new AppError('CONFLICT', `A listing can have at most ${limit} ${options.kind}s.`);
  }
  const image = await processImage(options.bytes, settings.limits);
  const key = await settings.blobs.put(image.data);
  const item: DraftMedia = {
    key,
    kind: options.kind,
    width: image.width,
    height: image.height,
    caption: '',
  };
  // Appended in SQL under the limit, so parallel uploads never overwrite or overshoot.
  const [saved] = await db
    .update(listingDrafts)
    .set({ media: sql`${listingDrafts.media} || ${JSON.stringify([item])}::jsonb` })
    .where(
      and(
        eq(listingDrafts.id, draft.id),
        sql`(select count(*) from jsonb_array_elements(${listingDrafts.media}) as m where m->>'kind' = ${options.kind}) < ${limit}`,
      ),
    )
    .returning({ id: listingDrafts.id });
  if (!saved) {
    throw new AppError('CONFLICT', `A listing can have at most ${limit} ${options.kind}s.`);
  }
  return item;
}
