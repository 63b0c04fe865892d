import { createHmac, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Database } from '../../../db/client.ts';
import {
  testDeclineMessage,
  type PaymentMethod,
} from '../../../domain/payments/payment-methods.ts';
import type { Logger } from '../../logger.ts';
import type {
  Checkout,
  CheckoutRequest,
  PaymentProvider,
  ProviderPayment,
  RefundRequest,
} from './payment-provider.ts';
import { testPaymentIntents } from './schema.ts';
import { parseStripeWebhook, paymentFromIntent, refundFromStripe } from './stripe-objects.ts';

/** What the test checkout page offers: the outcomes a real card can have. */
export const TEST_OUTCOMES = ['pay', 'decline', 'needs_authentication', 'authenticate'] as const;
export type TestOutcome = (typeof TEST_OUTCOMES)[number];

/** Sends one signed webhook to Roost's endpoint, as Stripe would. */
export type WebhookDelivery = (webhook: { body: string; signature: string }) => Promise<void>;

export interface TestPaymentProvider extends PaymentProvider {
  name: 'test';
  /** Plays the buyer at the checkout page: changes the payment and sends the webhook. */
  complete(
    paymentId: string,
    outcome: TestOutcome,
    method?: PaymentMethod,
  ): Promise<ProviderPayment>;
}

export class TestOutcomeError extends Error {
  override name = 'TestOutcomeError';
}

export class TestProviderRefusedError extends Error {
  override name = 'TestProviderRefusedError';
}

type IntentRow = typeof testPaymentIntents.$inferSelect;

const token = (bytes = 12) => randomBytes(bytes).toString('hex');

/** A Stripe-format event, signed as Stripe signs it. */
function signedEvent(secret: string, seconds: number, type: string, object: object) {
  const event = {
    id: `evt_test_${token()}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: seconds,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
  const body = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret,
    timestamp: seconds,
  });
  return { body, signature };
}

/** A PaymentIntent-shaped record, once per idempotency key. */
async function createIntent(db: Database, request: CheckoutRequest): Promise<Checkout> {
  const id = `pi_test_${token()}`;
  await db
    .insert(testPaymentIntents)
    .values({
      id,
      clientSecret: `${id}_secret_${token()}`,
      amount: request.amountPence,
      currency: request.currency,
      status: 'requires_payment_method',
      description: request.description,
      metadata: { roost_order_id: String(request.orderId) },
      idempotencyKey: request.idempotencyKey,
    })
    .onConflictDoNothing({ target: testPaymentIntents.idempotencyKey });
  const [row] = await db
    .select()
    .from(testPaymentIntents)
    .where(eq(testPaymentIntents.idempotencyKey, request.idempotencyKey));
  return { paymentId: row!.id, clientSecret: row!.clientSecret };
}

/** Adds a refund to a succeeded payment (once per idempotency key), as Stripe would. */
async function recordRefund(db: Database, request: RefundRequest, createdSeconds: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, request.paymentId))
      .for('update');
    if (!row || row.status !== 'succeeded') {
      throw new TestOutcomeError('Only a succeeded test payment can be refunded');
    }
    const existing = row.refunds.find(
      (refund) => refund.metadata.idempotency_key === request.idempotencyKey,
    );
    if (existing) return { row, refund: existing };
    if (request.amountPence > row.amount - row.amountRefunded) {
      throw new TestOutcomeError('Refund is greater than the unrefunded amount');
    }
    const refund = {
      id: `re_test_${token()}`,
      amount: request.amountPence,
      status: 'succeeded',
      metadata: {
        roost_refund_id: String(request.refundId),
        idempotency_key: request.idempotencyKey,
      },
      created: createdSeconds,
    };
    await tx
      .update(testPaymentIntents)
      .set({
        amountRefunded: row.amountRefunded + refund.amount,
        refunds: [...row.refunds, refund],
      })
      .where(eq(testPaymentIntents.id, row.id));
    return { row, refund };
  });
}

async function findRefund(db: Database, refundId: string) {
  const [row] = await db
    .select()
    .from(testPaymentIntents)
    .where(sql`${testPaymentIntents.refunds} @> ${JSON.stringify([{ id: refundId }])}::jsonb`);
  const refund = row?.refunds.find((candidate) => candidate.id === refundId);
  if (!row || !refund) throw new TestOutcomeError(`No such test refund ${refundId}`);
  return refundJson(row, refund);
}

/** Applies the buyer's outcome to the payment; returns the payment after and the event to send. */
async function applyOutcome(
  db: Database,
  paymentId: string,
  outcome: TestOutcome,
  method: PaymentMethod,
) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, paymentId))
      .for('update');
    if (!current) throw new TestOutcomeError(`No such test payment ${paymentId}`);
    const next = transition(current, outcome, method);
    if (next.changes) {
      await tx
        .update(testPaymentIntents)
        .set(next.changes)
        .where(eq(testPaymentIntents.id, paymentId));
    }
    return { row: { ...current, ...next.changes }, type: next.type };
  });
}

/**
 * The built-in provider `npm start` uses offline: it keeps PaymentIntent-shaped records in the
 * database and, when the test checkout page picks an outcome, sends the webhook Stripe would
 * send, in Stripe's event format and signed as Stripe signs it, to the same endpoint. No money
 * moves. Refused in production unless PAYMENTS_TEST_MODE=true.
 */
export function createTestProvider(options: {
  db: Database;
  deliver: WebhookDelivery;
  logger: Logger;
  isProduction: boolean;
  isTestModeAllowed: boolean;
  /** Generated when not given; several instances must share one (derive it from APP_SECRET). */
  webhookSecret?: string;
  now?: () => number;
}): TestPaymentProvider {
  if (options.isProduction && !options.isTestModeAllowed) {
    throw new TestProviderRefusedError(
      'The test payment provider is refused when NODE_ENV=production: set STRIPE_SECRET_KEY, or PAYMENTS_TEST_MODE=true for a test deployment.',
    );
  }
  const { db } = options;
  const now = options.now ?? Date.now;
  const seconds = () => Math.floor(now() / 1000);
  const secret = options.webhookSecret ?? `whsec_test_${token(24)}`;
  const send = (type: string, object: object) =>
    options.deliver(signedEvent(secret, seconds(), type, object));

  async function find(paymentId: string): Promise<IntentRow> {
    const [row] = await db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, paymentId));
    if (!row) throw new TestOutcomeError(`No such test payment ${paymentId}`);
    return row;
  }

  return {
    name: 'test',
    browser: { kind: 'test' },
    createCheckout: (request) => createIntent(db, request),
    async retrieve(paymentId) {
      return paymentFromIntent(intentJson(await find(paymentId)));
    },
    async refund(request) {
      const refund = await recordRefund(db, request, seconds());
      const json = refundJson(refund.row, refund.refund);
      await send('refund.created', json).catch((error: unknown) =>
        options.logger.warn({ err: error }, 'test payments: refund webhook not delivered'),
      );
      return refundFromStripe(json);
    },
    retrieveRefund: async (refundId) => refundFromStripe(await findRefund(db, refundId)),
    parseWebhook: (rawBody, signature) => parseStripeWebhook(rawBody, signature, secret, now),
    async complete(paymentId, outcome, method = 'card') {
      const { row, type } = await applyOutcome(db, paymentId, outcome, method);
      await send(type, intentJson(row));
      return paymentFromIntent(intentJson(row));
    },
  };
}

/** What each outcome does to a test payment, as a card would at Stripe. */
function transition(
  row: IntentRow,
  outcome: TestOutcome,
  method: PaymentMethod,
): { type: string; changes?: Partial<IntentRow> } {
  const succeeded = { status: 'succeeded', lastPaymentError: null };
  if (row.status === 'succeeded' && (outcome === 'pay' || outcome === 'authenticate')) {
    // Already paid: say so again (the first webhook may not have arrived).
    return { type: 'payment_intent.succeeded' };
  }
  if (outcome === 'authenticate') {
    if (row.status !== 'requires_action') {
      throw new TestOutcomeError('This payment is not waiting for authentication');
    }
    return { type: 'payment_intent.succeeded', changes: succeeded };
  }
  if (row.status !== 'requires_payment_method') {
    throw new TestOutcomeError(`This payment cannot be paid now (it is ${row.status})`);
  }
  switch (outcome) {
    case 'pay':
      return { type: 'payment_intent.succeeded', changes: succeeded };
    case 'decline':
      return {
        type: 'payment_intent.payment_failed',
        changes: {
          lastPaymentError: {
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: testDeclineMessage(method),
          },
        },
      };
    case 'needs_authentication':
      return {
        type: 'payment_intent.requires_action',
        changes: { status: 'requires_action', lastPaymentError: null },
      };
  }
}

function intentJson(row: IntentRow) {
  return {
    id: row.id,
    object: 'payment_intent' as const,
    amount: row.amount,
    amount_received: row.status === 'succeeded' ? row.amount : 0,
    automatic_payment_methods: { enabled: true },
    client_secret: row.clientSecret,
    created: Math.floor(row.createdAt.getTime() / 1000),
    currency: row.currency,
    description: row.description,
    last_payment_error: row.lastPaymentError
      ? { type: 'card_error', ...row.lastPaymentError }
      : null,
    livemode: false,
    metadata: row.metadata,
    next_action: row.status === 'requires_action' ? { type: 'use_stripe_sdk' } : null,
    payment_method_types: ['card'],
    status: row.status as ProviderPayment['status'],
  };
}

function refundJson(row: IntentRow, refund: IntentRow['refunds'][number]) {
  return {
    id: refund.id,
    object: 'refund' as const,
    amount: refund.amount,
    charge: null,
    created: refund.created,
    currency: row.currency,
    metadata: refund.metadata,
    payment_intent: row.id,
    reason: 'requested_by_customer',
    status: refund.status,
  };
}

/** Delivery over HTTP to Roost's own webhook endpoint (what the running server uses). */
export function createHttpWebhookDelivery(url: () => string): WebhookDelivery {
  return async ({ body, signature }) => {
    const response = await fetch(url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) {
      throw new Error(`Webhook endpoint answered ${response.status}: ${await response.text()}`);
    }
  };
}

/** A webhook secret every instance derives alike from APP_SECRET (a test deployment of several). */
export function testWebhookSecretFrom(appSecret: Buffer | string): string {
  return `whsec_${createHmac('sha256', appSecret).update('roost:payments:test-webhook').digest('hex')}`;
}
