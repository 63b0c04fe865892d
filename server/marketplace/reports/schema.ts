import { sql } from 'drizzle-orm';
import { bigint, index, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { REPORT_REASONS } from '../../../domain/report/report-schema.ts';
import { market } from '../db/market-schema.ts';
import { listings } from '../listings/schema.ts';
import { threadMessages } from '../messages/schema.ts';
import { moderationActions } from '../moderation/schema.ts';

export const reportReason = market.enum('report_reason', REPORT_REASONS);
export const reportStatus = market.enum('report_status', ['open', 'upheld', 'dismissed']);

/** 'Report this listing': the moderation queue (Online Safety Act reporting route). */
export const listingReports = market.table(
  'listing_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** The reporter: their `sub` when signed in, else a hash of their IP address. */
    reporterKey: text('reporter_key').notNull(),
    /** Where the reporter is told the outcome: their account's address, or one they gave. */
    reporterEmail: text('reporter_email'),
    reason: reportReason('reason').notNull(),
    details: text('details').notNull().default(''),
    /** Set when a participant reports one message of a conversation about the listing. */
    messageId: bigint('message_id', { mode: 'number' }).references(() => threadMessages.id, {
      onDelete: 'cascade',
    }),
    status: reportStatus('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The administrator's decision that closed this report. */
    moderationActionId: bigint('moderation_action_id', { mode: 'number' }).references(
      () => moderationActions.id,
      { onDelete: 'set null' },
    ),
  },
  (table) => [
    uniqueIndex('listing_reports_one_open_idx')
      .on(table.listingId, table.reporterKey)
      .where(sql`${table.status} = 'open' and ${table.messageId} is null`),
    uniqueIndex('listing_reports_one_open_message_idx')
      .on(table.messageId, table.reporterKey)
      .where(sql`${table.status} = 'open' and ${table.messageId} is not null`),
    index('listing_reports_reporter_idx').on(table.reporterKey, table.createdAt),
    index('listing_reports_status_idx').on(table.status, table.createdAt),
  ],
);
