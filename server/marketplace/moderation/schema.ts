import { bigint, index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { market } from '../db/market-schema.ts';
import { MODERATION_OUTCOMES } from '../../../domain/moderation/moderation-decision.ts';
import { APPEAL_STATUSES } from '../../../domain/moderation/appeal.ts';
import { listings } from '../listings/schema.ts';

export type { ModerationOutcome } from '../../../domain/moderation/moderation-decision.ts';

export const moderationOutcome = market.enum('moderation_outcome', MODERATION_OUTCOMES);

/**
 * What an administrator decided about a reported listing: who, when, the outcome, the reason
 * given to the lister, and how many open reports the decision closed.
 */
export const moderationActions = market.table(
  'moderation_actions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** The administrator's `sub`, and their e-mail address at the time for the record. */
    adminSub: text('admin_sub').notNull(),
    adminEmail: text('admin_email'),
    outcome: moderationOutcome('outcome').notNull(),
    /** Shown to the lister when the listing is paused or removed; a note when dismissed. */
    reason: text('reason').notNull().default(''),
    reportsClosed: integer('reports_closed').notNull(),
    /** A repost check's hold: the earlier moderated listing it repeats (no key: it may be purged). */
    repostOf: bigint('repost_of', { mode: 'number' }),
    /** When the lister was e-mailed (paused or removed), if delivery succeeded. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('moderation_actions_listing_idx').on(table.listingId, table.createdAt.desc()),
    index('moderation_actions_created_idx').on(table.createdAt.desc()),
  ],
);

export type ModerationAction = typeof moderationActions.$inferSelect;

export const appealStatus = market.enum('appeal_status', APPEAL_STATUSES);

/**
 * A lister's appeal against a moderation decision that paused or removed their listing: one per
 * decision (unique), decided by a moderator from the reported-ads queue.
 */
export const moderationAppeals = market.table(
  'moderation_appeals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** The decision appealed against. */
    moderationActionId: bigint('moderation_action_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => moderationActions.id, { onDelete: 'cascade' }),
    listerSub: text('lister_sub').notNull(),
    statement: text('statement').notNull(),
    status: appealStatus('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The moderator's decision that closed the appeal. */
    decidedByActionId: bigint('decided_by_action_id', { mode: 'number' }).references(
      () => moderationActions.id,
      { onDelete: 'set null' },
    ),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [index('moderation_appeals_listing_idx').on(table.listingId, table.createdAt.desc())],
);

export type ModerationAppeal = typeof moderationAppeals.$inferSelect;

/**
 * What a listing that moderators paused or removed looked like, kept for 12 months so a repost —
 * by anyone, under another account, after the listing itself was deleted and purged — is held
 * for review (repost-check.ts). No foreign key on purpose: it outlives the listing row.
 */
export const repostFingerprints = market.table(
  'repost_fingerprints',
  {
    listingId: bigint('listing_id', { mode: 'number' }).primaryKey(),
    /** `addressKey` of domain/moderation/repost-fingerprint.ts: '12 mill lane|LS61AB'. */
    addressKey: text('address_key').notNull(),
    /** `comparableText`: look-alike letters folded, lower case, words split on punctuation. */
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Exact content hashes of its photos, and their perceptual hashes (64 bits as '0101…'). */
    photoKeys: text('photo_keys').array().notNull().default([]),
    photoHashes: text('photo_hashes').array().notNull().default([]),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('repost_fingerprints_address_idx').on(table.addressKey),
    index('repost_fingerprints_moderated_idx').on(table.moderatedAt),
  ],
);
