import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { moderationActions } from '../moderation/schema.ts';
import { listingReports } from '../reports/schema.ts';
import { loadOwnedListing } from './load-owned-listing.ts';
import { listings, type Listing } from './schema.ts';

/** What a lister may set; 'removed' and 'draft' belong to deletion and the wizard. */
export const OWNER_STATUSES = [
  'active',
  'under_offer',
  'sold_stc',
  'let_agreed',
  'paused',
] as const;
const statusInput = z.object({ status: z.enum(OWNER_STATUSES, { message: 'Choose a status' }) });

const SALE_ONLY = new Set(['under_offer', 'sold_stc']);

/** Files the moderation queue's own report when a lister relists what moderators paused. */
export const RELISTED_AFTER_PAUSE_REPORTER = 'roost:relisted-after-moderation';

export async function changeListingStatus(
  db: Database,
  options: { listingId: number; userSub: string; input: unknown; now?: Date },
): Promise<{ status: Listing['status'] }> {
  const parsed = statusInput.safeParse(options.input);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 'Choose a status.', { status: 'Choose a status' });
  }
  const listing = await loadOwnedListing(db, options.listingId, options.userSub);
  const { status } = parsed.data;
  if (listing.status === 'draft' || listing.status === 'removed') {
    throw new AppError('CONFLICT', 'This listing is not live; publish or restore it first.');
  }
  if (listing.channel === 'rent' && SALE_ONLY.has(status)) {
    throw new AppError('VALIDATION_FAILED', 'That status is for sales.', {
      status: 'Lets can be let agreed, paused or active',
    });
  }
  if (listing.channel === 'sale' && status === 'let_agreed') {
    throw new AppError('VALIDATION_FAILED', 'That status is for lets.', {
      status: 'Sales can be under offer, sold STC, paused or active',
    });
  }
  // Choosing 'Available' again also answers the 4-weekly 'still available?' question.
  if (status === listing.status && status !== 'active') return { status };
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(listings)
      .set({
        status,
        statusChangedAt: now,
        ...(status === 'active' ? { confirmedAt: now, confirmRequestedAt: null } : {}),
      })
      .where(eq(listings.id, listing.id));
    if (status === 'active' && listing.status === 'paused') {
      await queueReReviewIfModerated(tx as unknown as Database, listing.id);
    }
  });
  return { status };
}

/**
 * A listing that moderators paused goes live again when its lister says it is fixed (they were
 * asked to make changes), but it goes back in the moderation queue so someone checks the
 * changes: otherwise a scam could simply be switched back on.
 */
async function queueReReviewIfModerated(db: Database, listingId: number) {
  const [latest] = await db
    .select({ outcome: moderationActions.outcome })
    .from(moderationActions)
    .where(eq(moderationActions.listingId, listingId))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(1);
  if (latest?.outcome !== 'paused') return;
  await db
    .insert(listingReports)
    .values({
      listingId,
      reporterKey: RELISTED_AFTER_PAUSE_REPORTER,
      reason: 'other',
      details: 'Set back to Available by the lister after a moderation pause: check the changes.',
    })
    .onConflictDoNothing();
}
