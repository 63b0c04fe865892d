import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import type { BlobStore } from '../../media/blob-store.ts';
import { AppError } from '../../http/app-error.ts';
import { loadListingDraft } from '../listings/load-listing-draft.ts';
import { listingDrafts, type DraftMedia } from '../listings/schema.ts';
import { deleteUnreferencedBlobs } from './blob-references.ts';

const mediaRef = z.object({
  key: z.string().regex(/^[a-f0-9]{64}$/),
  kind: z.enum(['photo', 'floorplan']),
});

export const arrangeMediaInput = z.object({
  items: z
    .array(
      mediaRef.extend({
        caption: z.string().trim().max(120, 'Keep captions under 120 characters').default(''),
      }),
    )
    .max(60)
    .meta({
      description:
        'The new order, with captions (the first photo is the cover). Media left out keep their order, after these.',
    }),
  remove: z
    .array(mediaRef)
    .max(60)
    .default([])
    .meta({ description: 'Media to take out of the draft (already gone is not an error)' }),
});

export type ArrangeMediaInput = z.infer<typeof arrangeMediaInput>;

const idOf = (item: { kind: string; key: string }) => `${item.kind}:${item.key}`;

/**
 * The draft's media after an arrangement: the items sent, in the order sent, then every item the
 * client did not mention, in the order they were in. An upload that finished after the client
 * built its list (a floorplan still uploading when the photo order was saved) is therefore never
 * lost; only what is named in `remove` goes.
 */
export function arrangeMedia(
  current: readonly DraftMedia[],
  input: ArrangeMediaInput,
): DraftMedia[] {
  const known = new Map(current.map((item) => [idOf(item), item]));
  const removed = new Set(input.remove.map(idOf));
  const placed = new Set<string>();
  const media: DraftMedia[] = [];
  for (const item of input.items) {
    const id = idOf(item);
    const existing = known.get(id);
    if (!existing) throw new AppError('VALIDATION_FAILED', 'That photo is not in this listing.');
    if (placed.has(id) || removed.has(id)) continue;
    placed.add(id);
    media.push({ ...existing, caption: item.caption });
  }
  for (const item of current) {
    const id = idOf(item);
    if (!placed.has(id) && !removed.has(id)) media.push(item);
  }
  return media;
}

/**
 * Reorders, captions and removes the draft's media in one go. Read and written under the draft
 * row's lock, so an upload appended meanwhile is either seen here (and kept) or appended after.
 * After the commit, a removed original nothing else shows (no listing, no other draft) is
 * deleted with its variants on every instance, so a photo the lister took out stops being public.
 */
export async function arrangeDraftMedia(
  db: Database,
  blobs: Pick<BlobStore, 'delete'>,
  options: { draftId: string; userSub: string | undefined; input: unknown },
): Promise<DraftMedia[]> {
  const parsed = arrangeMediaInput.safeParse(options.input);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Check the photos list.');
  const draft = await loadListingDraft(db, options.draftId, options.userSub);
  const arranged = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ media: listingDrafts.media })
      .from(listingDrafts)
      .where(eq(listingDrafts.id, draft.id))
      .for('update');
    if (!locked) throw new AppError('NOT_FOUND', 'No such draft, or it is not yours.');
    const media = arrangeMedia(locked.media, parsed.data);
    await tx.update(listingDrafts).set({ media }).where(eq(listingDrafts.id, draft.id));
    return media;
  });
  const kept = new Set(arranged.map((item) => item.key));
  const removedKeys = parsed.data.remove.map((item) => item.key).filter((key) => !kept.has(key));
  await deleteUnreferencedBlobs(db, blobs, removedKeys);
  return arranged;
}
