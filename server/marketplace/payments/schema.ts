import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  PRODUCT_CODES,
  UPGRADE_KINDS,
  type Entitlement,
} from '../../../domain/payments/catalogue.ts';
import { PAYMENT_STATUSES } from '../../../domain/payments/payment-status.ts';
import { REFUND_REASONS, REFUND_STATUSES } from '../../../domain/payments/refunds.ts';
import { market } from '../db/market-schema.ts';
import { listings } from '../listings/schema.ts';

/** `none`: a £0 order (complimentary, or a 100 % promo code) that no provider was asked to take. */
export const paymentProvider = market.enum('payment_provider', ['stripe', 'test', 'none']);
export const paymentStatus = market.enum('payment_status', PAYMENT_STATUSES);
export const refundStatus = market.enum('refund_status', REFUND_STATUSES);
export const refundReason = market.enum('refund_reason', REFUND_REASONS);
export const upgradeKind = market.enum('upgrade_kind', UPGRADE_KINDS);

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp('updated_at', { withTimezone: true })
  .notNull()
  .defaultNow()
  .$onUpdate(() => new Date());

/** The catalogue as data (seeded from DEFAULT_CATALOGUE by the migration; admins edit it later). */
export const products = market.table('products', {
  code: text('code', { enum: PRODUCT_CODES }).primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  /** VAT included, whole pence. */
  pricePence: integer('price_pence').notNull(),
  entitlements: jsonb('entitlements').$type<Entitlement[]>().notNull(),
  isActive: boolean('is_active').notNull().default(true),
  position: smallint('position').notNull().default(0),
  updatedAt,
});

/**
 * What a lister asked to buy, for which listing, at what price. Names, entitlements, listing
 * title and buyer e-mail are copied at checkout, so a receipt never changes afterwards.
 */
export const orders = market.table(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    buyerSub: text('buyer_sub').notNull(),
    buyerEmail: text('buyer_email'),
    buyerName: text('buyer_name'),
    /** Null once a deleted listing is purged; the order stays for the accounts. */
    listingId: bigint('listing_id', { mode: 'number' }).references(() => listings.id, {
      onDelete: 'set null',
    }),
    listingTitle: text('listing_title').notNull(),
    productCode: text('product_code', { enum: PRODUCT_CODES })
      .notNull()
      .references(() => products.code),
    productName: text('product_name').notNull(),
    entitlements: jsonb('entitlements').$type<Entitlement[]>().notNull(),
    /** List price, discount and what is charged; all VAT-inclusive pence. */
    pricePence: integer('price_pence').notNull(),
    discountPence: integer('discount_pence').notNull().default(0),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull().default('gbp'),
    /** The checkout page's key: a double-click on 'Pay' finds the same order. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The buyer's request for the upgrade to start at once, when, and the words they agreed to. */
    startImmediately: boolean('start_immediately').notNull(),
    immediateStartAcknowledgedAt: timestamp('immediate_start_acknowledged_at', {
      withTimezone: true,
    }).notNull(),
    immediateStartWording: text('immediate_start_wording').notNull(),
    createdAt,
  },
  (table) => [
    uniqueIndex('orders_buyer_idempotency_idx').on(table.buyerSub, table.idempotencyKey),
    index('orders_buyer_created_idx').on(table.buyerSub, table.createdAt.desc()),
    index('orders_listing_idx').on(table.listingId),
    check(
      'orders_amount_check',
      sql`${table.amountPence} = ${table.pricePence} - ${table.discountPence} and ${table.amountPence} >= 0`,
    ),
  ],
);

/** The provider's side of an order: one payment (a Stripe PaymentIntent) per order. */
export const payments = market.table(
  'payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    provider: paymentProvider('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    status: paymentStatus('status').notNull().default('pending'),
    amountPence: integer('amount_pence').notNull(),
    /** Sum of succeeded refunds, recomputed from `refunds` whenever one changes. */
    refundedPence: integer('refunded_pence').notNull().default(0),
    /** The provider's words for the last declined attempt. */
    failureMessage: text('failure_message'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (table) => [
    uniqueIndex('payments_order_idx').on(table.orderId),
    uniqueIndex('payments_provider_payment_idx').on(table.providerPaymentId),
    index('payments_status_created_idx').on(table.status, table.createdAt.desc()),
    index('payments_created_idx').on(table.createdAt.desc()),
  ],
);

export const refunds = market.table(
  'refunds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id),
    amountPence: integer('amount_pence').notNull(),
    /** The VAT inside the amount (a sixth), for the VAT totals. */
    vatPence: integer('vat_pence').notNull(),
    reason: refundReason('reason').notNull(),
    note: text('note').notNull().default(''),
    /** The administrator's `sub`, 'cancellation' (the buyer, within 14 days) or 'provider'. */
    requestedBy: text('requested_by').notNull(),
    requesterEmail: text('requester_email'),
    status: refundStatus('status').notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    failureMessage: text('failure_message'),
    /** An admin's double-click refunds once. */
    idempotencyKey: text('idempotency_key'),
    /** When the provider's event that set the status was created: an older event changes nothing. */
    providerStatusAt: timestamp('provider_status_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (table) => [
    index('refunds_payment_idx').on(table.paymentId),
    uniqueIndex('refunds_provider_refund_idx').on(table.providerRefundId),
    uniqueIndex('refunds_idempotency_idx').on(table.paymentId, table.idempotencyKey),
    check('refunds_amount_check', sql`${table.amountPence} > 0`),
  ],
);

/**
 * What the provider reported that Roost would not record as it stands (a refund larger than what
 * remains of the payment): shown to administrators on the payments pages to look into.
 */
export const paymentAlerts = market.table(
  'payment_alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id),
    kind: text('kind', { enum: ['refund_exceeds_remaining'] }).notNull(),
    /** The provider's refund it is about: one alert per refund, however often it is reported. */
    providerRefundId: text('provider_refund_id'),
    amountPence: integer('amount_pence').notNull(),
    message: text('message').notNull(),
    createdAt,
  },
  (table) => [
    index('payment_alerts_payment_idx').on(table.paymentId),
    uniqueIndex('payment_alerts_provider_refund_idx').on(table.providerRefundId),
  ],
);
export type PaymentAlert = typeof paymentAlerts.$inferSelect;

/** Every verified webhook, once: the unique event id makes a second delivery change nothing. */
export const webhookEvents = market.table(
  'payment_webhook_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: paymentProvider('provider').notNull(),
    providerEventId: text('provider_event_id').notNull(),
    type: text('type').notNull(),
    /** The PaymentIntent or Refund the event is about. */
    objectId: text('object_id'),
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => payments.id),
    /** What handling it did, for the payment's timeline. */
    outcome: text('outcome').notNull().default(''),
    eventCreatedAt: timestamp('event_created_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_webhook_events_event_idx').on(table.providerEventId),
    index('payment_webhook_events_payment_idx').on(table.paymentId),
  ],
);

/** One row: the last invoice number issued. Taken with a row lock, so numbers never skip. */
export const invoiceCounter = market.table(
  'invoice_counter',
  {
    id: smallint('id').primaryKey().default(1),
    lastNumber: bigint('last_number', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('invoice_counter_single_row', sql`${table.id} = 1`)],
);

/** A VAT invoice for a paid order; supplier details copied from configuration when issued. */
export const invoices = market.table(
  'invoices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    number: bigint('number', { mode: 'number' }).notNull(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id),
    supplierName: text('supplier_name').notNull(),
    supplierAddress: text('supplier_address').notNull(),
    supplierVatNumber: text('supplier_vat_number').notNull(),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    /** The tax point: the upgrade is supplied from the day it is paid. */
    supplyDate: date('supply_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    netPence: integer('net_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    grossPence: integer('gross_pence').notNull(),
    discountPence: integer('discount_pence').notNull().default(0),
    vatRatePercent: smallint('vat_rate_percent').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invoices_number_idx').on(table.number),
    uniqueIndex('invoices_payment_idx').on(table.paymentId),
    check('invoices_sum_check', sql`${table.netPence} + ${table.vatPence} = ${table.grossPence}`),
  ],
);

/**
 * What a paid order gives a listing: placements for some days (`startsAt`–`endsAt`) or one-off
 * uses. Search, the home page and alerts read these; an upgrade ends early when the listing
 * stops being public or the order is cancelled.
 */
export const upgrades = market.table(
  'upgrades',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    listingId: bigint('listing_id', { mode: 'number' }).references(() => listings.id, {
      onDelete: 'set null',
    }),
    kind: upgradeKind('kind').notNull(),
    /** Time-boxed kinds: days bought, and when the placement runs. */
    days: smallint('days'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** One-off kinds: uses bought and spent, and when one was last spent. */
    usesTotal: smallint('uses_total'),
    usesSpent: smallint('uses_spent').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    endedEarlyAt: timestamp('ended_early_at', { withTimezone: true }),
    endedReason: text('ended_reason', {
      enum: ['listing_not_public', 'cancelled', 'refunded', 'ended_by_admin'],
    }),
    createdAt,
  },
  (table) => [
    index('upgrades_order_idx').on(table.orderId),
    index('upgrades_live_idx')
      .on(table.kind, table.listingId, table.endsAt)
      .where(sql`${table.endedEarlyAt} is null`),
    // Bumps: a listing's latest (the search table's 'Newest first' date, kept by a trigger), and
    // the recent ones (date filters and alerts use the original date of a bumped listing).
    index('upgrades_bump_listing_idx')
      .on(table.listingId, table.lastUsedAt)
      .where(sql`${table.kind} = 'bump'`),
    index('upgrades_bump_used_idx')
      .on(table.lastUsedAt, table.listingId)
      .where(sql`${table.kind} = 'bump'`),
  ],
);

/**
 * The built-in test provider's own records, shaped like Stripe's PaymentIntents (it answers
 * `retrieve` from here), so offline checkouts go through the same webhook path as Stripe's.
 */
export const testPaymentIntents = market.table(
  'test_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    description: text('description'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    lastPaymentError: jsonb('last_payment_error').$type<{
      code: string;
      decline_code?: string;
      message: string;
    }>(),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    refunds: jsonb('refunds')
      .$type<
        {
          id: string;
          amount: number;
          status: string;
          metadata: Record<string, string>;
          created: number;
        }[]
      >()
      .notNull()
      .default(sql`'[]'::jsonb`),
    idempotencyKey: text('idempotency_key'),
    createdAt,
    updatedAt,
  },
  (table) => [uniqueIndex('test_payment_intents_idempotency_idx').on(table.idempotencyKey)],
);

export type Order = typeof orders.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;
export type Upgrade = typeof upgrades.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
