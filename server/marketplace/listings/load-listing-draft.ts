import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { listingDrafts, type ListingDraftRow } from './schema.ts';

export const DRAFT_ID = /^[A-Za-z0-9_-]{22}$/;

export function newDraftId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * A draft for this visitor. An unowned draft (started signed out) is reachable by its random id
 * alone, and becomes the signed-in visitor's the first time they touch it; an owned draft is only
 * ever its owner's.
 */
export async function loadListingDraft(
  db: Database,
  id: string,
  userSub: string | undefined,
): Promise<ListingDraftRow> {
  if (!DRAFT_ID.test(id)) throw new AppError('NOT_FOUND', 'No such draft.');
  const [draft] = await db.select().from(listingDrafts).where(eq(listingDrafts.id, id));
  if (!draft || (draft.ownerSub !== null && draft.ownerSub !== userSub)) {
    throw new AppError('NOT_FOUND', 'No such draft, or it is not yours.');
  }
  if (draft.ownerSub === null && userSub) {
    const [claimed] = await db
      .update(listingDrafts)
      .set({ ownerSub: userSub })
      .where(eq(listingDrafts.id, id))
      .returning();
    return claimed!;
  }
  return draft;
}
