import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { qualifiedColumn } from '../../../db/qualified-column.ts';
import { favourites } from '../favourites/schema.ts';
import type { AppealStatus } from '../../../domain/moderation/appeal.ts';
import {
  heldByModerationSql,
  latestAppealSql,
  reviewRequestedSql,
} from '../moderation/moderation-hold.ts';
import { FRESHNESS_RULES, lastConfirmed } from './keep-listings-fresh.ts';
import { listings } from './schema.ts';
import { toSummaries, summaryColumns, type ListingSummary } from './listing-summary.ts';

export interface OwnListing extends ListingSummary {
  viewCount: number;
  enquiryCount: number;
  favouriteCount: number;
  deletedAt: string | null;
  statusChangedAt: string;
  /**
   * Paused by moderators: 'held' until the lister asks for a review by choosing 'Available',
   * then 'review-requested' until a moderator decides.
   */
  moderation: 'held' | 'review-requested' | null;
  /** The lister's appeal against the latest moderation decision, if any. */
  appeal: AppealStatus | null;
  /** Paused or removed by moderators, in force, and not yet appealed. */
  canAppeal: boolean;
  /** A let found breaking its nation's rules: what to fix, and when it is (or was) paused. */
  letRules: { issues: string[]; dueAt: string } | null;
  /** Asked 'Is it still available?' and not answered yet: when it is paused without an answer. */
  confirmation: { pausesAt: string } | null;
}

// The outer row's id, qualified: the subqueries below sit in the select list.
const listingId = qualifiedColumn(listings.id);

/** The lister's own listings for /my-account, deleted ones too (restorable for 30 days). */
export async function findOwnListings(db: Database, ownerSub: string): Promise<OwnListing[]> {
  return selectOwn(db, eq(listings.ownerSub, ownerSub));
}

/**
 * One of the lister's own listings (deleted too), for its manage page. Someone else's listing
 * answers NOT_FOUND, like a missing one, so ids cannot be probed for ownership.
 */
export async function findOwnListing(
  db: Database,
  ownerSub: string,
  id: number,
): Promise<OwnListing> {
  const [listing] =
    Number.isSafeInteger(id) && id > 0
      ? await selectOwn(db, and(eq(listings.ownerSub, ownerSub), eq(listings.id, id)))
      : [];
  if (!listing) throw new AppError('NOT_FOUND', 'No such listing, or it is not yours.');
  return listing;
}

async function selectOwn(db: Database, where: SQL | undefined): Promise<OwnListing[]> {
  const rows = await db
    .select({
      ...summaryColumns,
      viewCount: listings.viewCount,
      enquiryCount: listings.enquiryCount,
      deletedAt: listings.deletedAt,
      statusChangedAt: listings.statusChangedAt,
      letRuleIssues: listings.letRuleIssues,
      letRulesDueAt: listings.letRulesDueAt,
      confirmRequestedAt: listings.confirmRequestedAt,
      isAsked: sql<boolean>`${listings.status} = 'active' and ${listings.deletedAt} is null and ${listings.confirmRequestedAt} > ${lastConfirmed}`,
      isHeld: sql<boolean>`${listings.status} = 'paused' and ${heldByModerationSql(listingId)}`,
      isReviewRequested: reviewRequestedSql(listingId),
      isRemoved: sql<boolean>`${listings.status} = 'removed'`,
      appeal: latestAppealSql(listingId),
      favouriteCount:
        sql<number>`(select count(*) from ${favourites} where ${favourites.listingId} = ${listingId})`.mapWith(
          Number,
        ),
    })
    .from(listings)
    .where(where)
    .orderBy(desc(listings.createdAt))
    .limit(200);
  return toSummaries(rows).map(
    ({
      deletedAt,
      statusChangedAt,
      isHeld,
      isReviewRequested,
      isRemoved,
      appeal,
      letRuleIssues,
      letRulesDueAt,
      confirmRequestedAt,
      isAsked,
      ...summary
    }) => ({
      ...summary,
      deletedAt: deletedAt?.toISOString() ?? null,
      statusChangedAt: statusChangedAt.toISOString(),
      moderation: isHeld ? (isReviewRequested ? 'review-requested' : 'held') : null,
      appeal: appeal ?? null,
      canAppeal: (isHeld || isRemoved) && !appeal,
      letRules:
        letRuleIssues && letRulesDueAt
          ? { issues: Object.values(letRuleIssues), dueAt: letRulesDueAt.toISOString() }
          : null,
      confirmation:
        isAsked && confirmRequestedAt
          ? {
              pausesAt: new Date(
                confirmRequestedAt.getTime() + FRESHNESS_RULES.answerWithinMs,
              ).toISOString(),
            }
          : null,
    }),
  );
}
