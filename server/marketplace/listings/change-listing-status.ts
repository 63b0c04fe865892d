import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { OWNER_STATUSES } from '../../../domain/listing/enums.ts';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { isHeldByModeration, requestModerationReview } from '../moderation/moderation-hold.ts';
import { alignUpgradesWithListing } from '../payments/end-upgrades.ts';
import { loadOwnedListing } from './load-owned-listing.ts';
import { listings, listingStatusHistory, type Listing, type ListingEventKind } from './schema.ts';

export const statusInput = z.object({
  status: z.enum(OWNER_STATUSES, { message: 'Choose a status' }),
});

const SALE_ONLY = new Set(['under_offer', 'sold_stc']);

export interface ChangeStatusResult {
  status: Listing['status'];
  /** The listing stays paused: moderators were asked to check it before it goes live. */
  awaitingReview?: boolean;
}

export async function changeListingStatus(
  db: Database,
  options: { listingId: number; userSub: string; input: unknown; now?: Date },
): Promise<ChangeStatusResult> {
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
  if (listing.status === 'paused' && status !== 'paused') {
    if (await isHeldByModeration(db, listing.id)) return askModeratorsToRelist(db, listing, status);
  }
  const now = options.now ?? new Date();
  // Paused by the let rules check: back on Roost only through an edit that passes the rules.
  if (listing.status === 'paused' && status !== 'paused' && listing.letRuleIssues) {
    if (listing.letRulesDueAt && listing.letRulesDueAt <= now) {
      throw new AppError('CONFLICT', 'Edit this let so it follows the rules, then publish it.', {
        status: Object.values(listing.letRuleIssues).join(' '),
      });
    }
  }
  const event = historyEventOf(listing.status, status);
  await db.transaction(async (tx) => {
    await tx
      .update(listings)
      .set({
        status,
        statusChangedAt: now,
        ...(status === 'active' ? { confirmedAt: now, confirmRequestedAt: null } : {}),
      })
      .where(eq(listings.id, listing.id));
    if (event) {
      await tx
        .insert(listingStatusHistory)
        .values({ listingId: listing.id, event, changedAt: now });
    }
  });
  // Paused, sold STC or let agreed: its paid upgrades end; available or under offer again: the
  // days they had left resume.
  await alignUpgradesWithListing(db, { listingId: listing.id, now });
  return { status };
}

const AGREED = new Set<string>(['under_offer', 'sold_stc', 'let_agreed']);

/** The change as the public history tells it: agreed, or back on the market after a sale fell through. */
function historyEventOf(from: Listing['status'], to: Listing['status']): ListingEventKind | null {
  if (from === to) return null;
  if (to === 'under_offer' || to === 'sold_stc' || to === 'let_agreed') return to;
  if (to === 'active' && AGREED.has(from)) return 'back_on_market';
  return null;
}

/**
 * A listing moderators paused stays off Roost until one of them has checked the lister's
 * changes: otherwise a scam could simply be switched back on. 'Available' asks for that check.
 */
async function askModeratorsToRelist(
  db: Database,
  listing: Listing,
  status: (typeof OWNER_STATUSES)[number],
): Promise<ChangeStatusResult> {
  if (status !== 'active') {
    throw new AppError(
      'CONFLICT',
      'Our moderators paused this listing. Make the changes they asked for, then choose Available so they can check it.',
    );
  }
  await requestModerationReview(db, listing.id);
  return { status: listing.status, awaitingReview: true };
}
