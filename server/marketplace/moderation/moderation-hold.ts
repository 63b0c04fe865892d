import { and, eq, sql, type SQL } from 'drizzle-orm';
import { qualifiedColumn } from '../../../db/qualified-column.ts';
import type { Database } from '../../../db/client.ts';
import { listings } from '../listings/schema.ts';
import { listingReports } from '../reports/schema.ts';
import type { AppealStatus } from '../../../domain/moderation/appeal.ts';
import { moderationActions, moderationAppeals } from './schema.ts';

/**
 * A listing moderators paused stays off Roost until a moderator lets it back: its lister can ask
 * for that (by setting it to 'Available'), which files this reporter's report in the queue.
 */
export const REVIEW_REQUEST_REPORTER = 'roost:relisted-after-moderation';

/** Whether the latest moderation decision on the listing paused it (and none has lifted it). */
export async function isHeldByModeration(db: Database, listingId: number): Promise<boolean> {
  const [row] = await db
    .select({ isHeld: heldByModerationSql(qualifiedColumn(listings.id)) })
    .from(listings)
    .where(eq(listings.id, listingId));
  return row?.isHeld === true;
}

/** Puts a held listing in the moderation queue for a second look (once, however often asked). */
export async function requestModerationReview(db: Database, listingId: number): Promise<void> {
  await db
    .insert(listingReports)
    .values({
      listingId,
      reporterKey: REVIEW_REQUEST_REPORTER,
      reason: 'other',
      details:
        'The lister has made changes after a moderation pause and asks to go live again: check them.',
    })
    .onConflictDoNothing();
}

/** SQL: the listing (by its qualified id column) was paused by moderators and has not been let back. */
export function heldByModerationSql(listingId: SQL) {
  return sql<boolean>`(select ${moderationActions.outcome} = 'paused' from ${moderationActions} where ${moderationActions.listingId} = ${listingId} order by ${moderationActions.createdAt} desc, ${moderationActions.id} desc limit 1) is true`;
}

/** SQL: the lister of the listing (by its qualified id column) has asked moderators to let it back. */
export function reviewRequestedSql(listingId: SQL) {
  return sql<boolean>`exists (select 1 from ${listingReports} where ${and(
    sql`${listingReports.listingId} = ${listingId}`,
    eq(listingReports.status, 'open'),
    eq(listingReports.reporterKey, REVIEW_REQUEST_REPORTER),
  )})`;
}

/**
 * SQL: the status of the appeal about the listing's latest moderation decision — an appeal against
 * it, or the appeal it decided (null when neither). Either way that decision cannot be appealed.
 */
export function latestAppealSql(listingId: SQL) {
  const latest = sql`(select ${moderationActions.id} from ${moderationActions} where ${moderationActions.listingId} = ${listingId} order by ${moderationActions.createdAt} desc, ${moderationActions.id} desc limit 1)`;
  return sql<AppealStatus | null>`(select ${moderationAppeals.status} from ${moderationAppeals} where ${moderationAppeals.moderationActionId} = ${latest} or ${moderationAppeals.decidedByActionId} = ${latest} limit 1)`;
}
