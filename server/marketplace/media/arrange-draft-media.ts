import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { loadListingDraft } from '../listings/load-listing-draft.ts';
import { listingDrafts, type DraftMedia } from '../listings/schema.ts';

export const arrangeMediaInput = z.object({
  items: z
    .array(
      z.object({
        key: z.string().regex(/^[a-f0-9]{64}$/),
        kind: z.enum(['photo', 'floorplan']),
        caption: z.string().trim().max(120, 'Keep captions under 120 characters').default(''),
      }),
    )
    .max(60),
});

/**
 * Reorders, captions and removes the draft's media in one go: the list sent is the new order
 * (the first photo is the cover). Only media already in the draft can appear.
 */
export async function arrangeDraftMedia(
  db: Database,
  options: { draftId: string; userSub: string | undefined; input: unknown },
): Promise<DraftMedia[]> {
  const parsed = arrangeMediaInput.safeParse(options.input);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Check the photos list.');
  const draft = await loadListingDraft(db, options.draftId, options.userSub);
  const known = new Map(draft.media.map((item) => [`${item.kind}:${item.key}`, item]));
  const seen = new Set<string>();
  const media: DraftMedia[] = [];
  for (const item of parsed.data.items) {
    const id = `${item.kind}:${item.key}`;
    const existing = known.get(id);
    if (!existing) throw new AppError('VALIDATION_FAILED', 'That photo is not in this listing.');
    if (seen.has(id)) continue;
    seen.add(id);
    media.push({ ...existing, caption: item.caption });
  }
  await db.update(listingDrafts).set({ media }).where(eq(listingDrafts.id, draft.id));
  return media;
}
