import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import { listingPath } from '../../../domain/listing/listing-url.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { listings } from '../listings/schema.ts';
import { SCAM_WARNING_REPORTER } from '../messages/flag-scam-warning.ts';
import { threadMessages } from '../messages/schema.ts';
import { listingReports } from '../reports/schema.ts';
import { APPEAL_REPORTER } from './appeal-moderation.ts';
import { REVIEW_REQUEST_REPORTER } from './moderation-hold.ts';
import { assertAdmin } from './require-admin.ts';
import { moderationActions } from './schema.ts';

export interface ReportedMessage {
  id: number;
  /** Who wrote it: the lister of the listing, or the person who enquired. */
  senderRole: 'enquirer' | 'lister';
  /** As written: moderators see contact details unmasked. */
  body: string;
  /** The whole conversation, oldest first, so the message is read in context. */
  conversation: {
    id: number;
    senderRole: 'enquirer' | 'lister';
    body: string;
    createdAt: string;
  }[];
}

export interface OpenReport {
  id: number;
  reason: (typeof listingReports.$inferSelect)['reason'];
  details: string;
  createdAt: string;
  /** Roost flagged the message itself (it matched a scam pattern): no person reported it. */
  isFlaggedByRoost: boolean;
  /** Set when the report is about one message in a conversation about the listing. */
  message: ReportedMessage | null;
}

export interface ReportedListing {
  listingId: number;
  title: string;
  status: (typeof listings.$inferSelect)['status'];
  isDeletedByLister: boolean;
  town: string;
  path: string;
  /** Distinct reporters (signed-in users, or IP hashes for visitors). */
  reporterCount: number;
  /** Moderators paused it, and its lister has made changes and asks to go live again. */
  isReviewRequested: boolean;
  /** Held by the repost check: the earlier moderated listing it repeats, and why. */
  repostOf: RepostOf | null;
  /** The lister appeals the moderators' decision; dismissing the reports upholds it. */
  appeal: { statement: string; createdAt: string } | null;
  firstReportedAt: string;
  reports: OpenReport[];
}

export interface RepostOf {
  listingId: number;
  /** Null once the earlier listing has been purged (its fingerprint is kept for a year). */
  title: string | null;
  status: (typeof listings.$inferSelect)['status'] | null;
  reason: string;
}

/** Open reports grouped by listing, the listing reported longest ago first. */
export async function listReportedListings(
  db: Database,
  admin: SessionUser | null,
): Promise<ReportedListing[]> {
  assertAdmin(admin);
  const rows = await db
    .select({
      reportId: listingReports.id,
      reporterKey: listingReports.reporterKey,
      reason: listingReports.reason,
      details: listingReports.details,
      createdAt: listingReports.createdAt,
      messageId: listingReports.messageId,
      listingId: listings.id,
      title: listings.title,
      status: listings.status,
      deletedAt: listings.deletedAt,
      channel: listings.channel,
      bedrooms: listings.bedrooms,
      propertyType: listings.propertyType,
      town: listings.town,
    })
    .from(listingReports)
    .innerJoin(listings, eq(listings.id, listingReports.listingId))
    .where(eq(listingReports.status, 'open'))
    .orderBy(asc(listingReports.createdAt), asc(listingReports.id));
  const messages = await reportedMessages(
    db,
    rows.flatMap((row) => (row.messageId === null ? [] : [row.messageId])),
  );
  const grouped = new Map<number, ReportedListing & { reporters: Set<string> }>();
  for (const row of rows) {
    let entry = grouped.get(row.listingId);
    if (!entry) {
      entry = {
        listingId: row.listingId,
        title: row.title,
        status: row.status,
        isDeletedByLister: row.deletedAt !== null,
        town: row.town,
        path: listingPath({ ...row, id: row.listingId }),
        reporterCount: 0,
        isReviewRequested: false,
        repostOf: null,
        appeal: null,
        firstReportedAt: row.createdAt.toISOString(),
        reports: [],
        reporters: new Set(),
      };
      grouped.set(row.listingId, entry);
    }
    if (row.reporterKey === REVIEW_REQUEST_REPORTER) entry.isReviewRequested = true;
    else if (row.reporterKey === APPEAL_REPORTER) {
      entry.appeal = { statement: row.details, createdAt: row.createdAt.toISOString() };
      continue;
    } else if (row.reporterKey !== SCAM_WARNING_REPORTER) entry.reporters.add(row.reporterKey);
    entry.reporterCount = entry.reporters.size;
    entry.reports.push({
      id: row.reportId,
      reason: row.reason,
      details: row.details,
      createdAt: row.createdAt.toISOString(),
      isFlaggedByRoost: row.reporterKey === SCAM_WARNING_REPORTER,
      message: row.messageId === null ? null : (messages.get(row.messageId) ?? null),
    });
  }
  const reposts = await repostsOf(db, [...grouped.keys()]);
  return [...grouped.values()].map(({ reporters: _reporters, ...entry }) => ({
    ...entry,
    repostOf: reposts.get(entry.listingId) ?? null,
  }));
}

/** For listings the repost check held: the earlier listing of the latest such hold. */
async function repostsOf(db: Database, listingIds: number[]): Promise<Map<number, RepostOf>> {
  const byId = new Map<number, RepostOf>();
  if (listingIds.length === 0) return byId;
  const original = alias(listings, 'original');
  const rows = await db
    .select({
      listingId: moderationActions.listingId,
      repostOf: moderationActions.repostOf,
      reason: moderationActions.reason,
      title: original.title,
      status: original.status,
    })
    .from(moderationActions)
    .leftJoin(original, eq(original.id, moderationActions.repostOf))
    .where(
      and(inArray(moderationActions.listingId, listingIds), isNotNull(moderationActions.repostOf)),
    )
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id));
  for (const row of rows) {
    if (byId.has(row.listingId)) continue;
    byId.set(row.listingId, {
      listingId: row.repostOf!,
      title: row.title,
      status: row.status,
      reason: row.reason,
    });
  }
  return byId;
}

/** The reported messages with their conversations, in two queries however many there are. */
async function reportedMessages(
  db: Database,
  messageIds: number[],
): Promise<Map<number, ReportedMessage>> {
  const byId = new Map<number, ReportedMessage>();
  if (messageIds.length === 0) return byId;
  const reported = await db
    .select({ id: threadMessages.id, threadId: threadMessages.threadId })
    .from(threadMessages)
    .where(inArray(threadMessages.id, messageIds));
  const threadIds = [...new Set(reported.map((row) => row.threadId))];
  const all = await db
    .select()
    .from(threadMessages)
    .where(inArray(threadMessages.threadId, threadIds))
    .orderBy(asc(threadMessages.createdAt), asc(threadMessages.id));
  for (const { id, threadId } of reported) {
    const conversation = all
      .filter((row) => row.threadId === threadId)
      .map((row) => ({
        id: row.id,
        senderRole: row.senderRole,
        body: row.body,
        createdAt: row.createdAt.toISOString(),
      }));
    const message = conversation.find((row) => row.id === id)!;
    byId.set(id, { id, senderRole: message.senderRole, body: message.body, conversation });
  }
  return byId;
}

export interface ModerationRecord {
  id: number;
  listingId: number;
  title: string;
  adminEmail: string | null;
  outcome: (typeof moderationActions.$inferSelect)['outcome'];
  reason: string;
  reportsClosed: number;
  isListerEmailed: boolean;
  createdAt: string;
}

/** The latest decisions, newest first: who decided what, when, and why. */
export async function listModerationActions(
  db: Database,
  admin: SessionUser | null,
  limit = 20,
): Promise<ModerationRecord[]> {
  assertAdmin(admin);
  const rows = await db
    .select({
      id: moderationActions.id,
      listingId: moderationActions.listingId,
      title: listings.title,
      adminEmail: moderationActions.adminEmail,
      outcome: moderationActions.outcome,
      reason: moderationActions.reason,
      reportsClosed: moderationActions.reportsClosed,
      emailedAt: moderationActions.emailedAt,
      createdAt: moderationActions.createdAt,
    })
    .from(moderationActions)
    .innerJoin(listings, eq(listings.id, moderationActions.listingId))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(limit);
  return rows.map(({ emailedAt, createdAt, ...row }) => ({
    ...row,
    isListerEmailed: emailedAt !== null,
    createdAt: createdAt.toISOString(),
  }));
}
