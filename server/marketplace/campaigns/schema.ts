import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CampaignAudience } from '../../../domain/campaigns/campaign-inputs.ts';
import type { ProductCode } from '../../../domain/payments/catalogue.ts';
import { market } from '../db/market-schema.ts';
import { orders } from '../payments/schema.ts';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A promo code: a percentage or a fixed amount off, valid between two times, for some products
 * (none listed: every product), a number of uses in all and optionally once per buyer.
 */
export const promoCodes = market.table(
  'promo_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Upper case, as buyers' input is upper-cased. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'amount'] }).notNull(),
    /** 1–100 for percent codes. */
    percentOff: smallint('percent_off'),
    /** Pence off for amount codes (never below £0 for the order). */
    amountOffPence: integer('amount_off_pence'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    /** Null: no limit. */
    maxUses: integer('max_uses'),
    /** Orders that took the code, counted under the code's row lock. */
    usesCount: integer('uses_count').notNull().default(0),
    isOncePerUser: boolean('is_once_per_user').notNull().default(true),
    /** Empty: every product. */
    productCodes: jsonb('product_codes').$type<ProductCode[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: text('created_by').notNull(),
    createdAt,
  },
  (table) => [
    uniqueIndex('promo_codes_code_idx').on(table.code),
    check(
      'promo_codes_kind_check',
      sql`(${table.kind} = 'percent' and ${table.percentOff} between 1 and 100) or (${table.kind} = 'amount' and ${table.amountOffPence} > 0)`,
    ),
    check(
      'promo_codes_uses_check',
      sql`${table.maxUses} is null or ${table.usesCount} <= ${table.maxUses}`,
    ),
  ],
);

/** Which order took which code (one code per order). */
export const promoRedemptions = market.table(
  'promo_redemptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    promoCodeId: bigint('promo_code_id', { mode: 'number' })
      .notNull()
      .references(() => promoCodes.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    buyerSub: text('buyer_sub').notNull(),
    discountPence: integer('discount_pence').notNull(),
    createdAt,
  },
  (table) => [
    uniqueIndex('promo_redemptions_order_idx').on(table.orderId),
    index('promo_redemptions_code_buyer_idx').on(table.promoCodeId, table.buyerSub),
  ],
);

/**
 * Marketing e-mail consent (PECR), append-only: each row is an opt-in or a withdrawal with the
 * time, the exact words shown and where it happened. A user's latest row is their choice.
 */
export const marketingConsents = market.table(
  'marketing_consents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userSub: text('user_sub').notNull(),
    /** Where campaigns go: the verified address from the ID token when they chose. */
    email: text('email').notNull(),
    isGranted: boolean('is_granted').notNull(),
    wording: text('wording').notNull(),
    source: text('source', {
      enum: ['sign-up', 'account', 'unsubscribe-link'],
    }).notNull(),
    /** The campaign whose unsubscribe link withdrew it. */
    campaignId: bigint('campaign_id', { mode: 'number' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('marketing_consents_user_idx').on(table.userSub, table.at.desc(), table.id.desc()),
    index('marketing_consents_campaign_idx').on(table.campaignId),
  ],
);

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;

/** An e-mail campaign: Markdown body, audience, schedule and the rate it is sent at. */
export const emailCampaigns = market.table(
  'email_campaigns',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subject: text('subject').notNull(),
    bodyMarkdown: text('body_markdown').notNull(),
    audience: jsonb('audience').$type<CampaignAudience>().notNull(),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('draft'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    ratePerMinute: integer('rate_per_minute').notNull().default(100),
    createdBy: text('created_by').notNull(),
    createdByEmail: text('created_by_email'),
    createdAt,
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [check('email_campaigns_rate_check', sql`${table.ratePerMinute} between 1 and 10000`)],
);

/**
 * One row per (campaign, recipient), written before the e-mail is sent: a worker that dies
 * mid-batch leaves 'sending' rows that are never sent again, so nobody gets a campaign twice.
 */
export const campaignDeliveries = market.table(
  'campaign_deliveries',
  {
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    recipientSub: text('recipient_sub').notNull(),
    email: text('email').notNull(),
    status: text('status', { enum: ['sending', 'sent', 'failed'] })
      .notNull()
      .default('sending'),
    error: text('error'),
    createdAt,
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('campaign_deliveries_recipient_idx').on(table.campaignId, table.recipientSub),
  ],
);

export type PromoCode = typeof promoCodes.$inferSelect;
export type EmailCampaign = typeof emailCampaigns.$inferSelect;
export type MarketingConsent = typeof marketingConsents.$inferSelect;
