import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import {
  checkoutKey,
  person,
  startPaymentsHarness,
  SUPPLIER,
  type PaymentsHarness,
} from '../../../tests/support/payments-harness.ts';
import { createPaymentsService } from './payments-service.ts';
import { WEBHOOK_PATH } from './payments-router.ts';
import { parsePaymentsConfig } from './payments-config.ts';
import { createPaymentProvider } from './create-payment-provider.ts';
import { payments, refunds, webhookEvents } from './schema.ts';
import {
  createHttpWebhookDelivery,
  createTestProvider,
  TestProviderRefusedError,
  type WebhookDelivery,
} from './stand-in-provider.ts';

/**
 * The built-in test provider that `npm start` uses offline: its outcomes go through the same
 * signed webhook endpoint as Stripe's events, in Stripe's format, signed as Stripe signs them.
 */
const WEBHOOK_SECRET = 'whsec_testprovidersecret';
let harness: PaymentsHarness;
const delivered: { body: string; signature: string }[] = [];
const owner = person('olive-owner');

beforeAll(async () => {
  harness = await startPaymentsHarness((database, { base }) => {
    const http = createHttpWebhookDelivery(() => `${base()}${WEBHOOK_PATH}`);
    const deliver: WebhookDelivery = async (webhook) => {
      delivered.push(webhook);
      await http(webhook);
    };
    return createTestProvider({
      db: database.db,
      deliver,
      logger: pino({ level: 'silent' }),
      isProduction: false,
      isTestModeAllowed: false,
      webhookSecret: WEBHOOK_SECRET,
    });
  });
});
afterAll(async () => {
  await harness?.close();
});

async function startCheckout(productCode = 'featured_7') {
  const listingId = await insertListing(harness.database.db, { ownerSub: 'olive-owner' });
  const response = await harness.api('olive-owner', `/listings/${listingId}/checkouts`, {
    body: { productCode, idempotencyKey: checkoutKey(), startImmediately: true },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { paymentId: number; clientSecret: string; provider: unknown };
}

const choose = (paymentId: number, outcome: string, user = 'olive-owner') =>
  harness.api(user, `/me/payments/${paymentId}/test-outcome`, { body: { outcome } });

describe('the test provider', () => {
  it('takes a payment with “Pay”, through a webhook in Stripe’s format and signature', async () => {
    const checkout = await startCheckout();
    expect(checkout.provider).toEqual({ kind: 'test' });
    expect(checkout.clientSecret).toMatch(/^pi_test_\w+_secret_\w+$/);
    const before = delivered.length;
    const response = await choose(checkout.paymentId, 'pay');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'paid', failureMessage: null });

    const webhook = delivered[before]!;
    // Stripe's own SDK accepts it with the secret: it is signed exactly as Stripe signs.
    const event = Stripe.webhooks.constructEvent(webhook.body, webhook.signature, WEBHOOK_SECRET);
    expect(event).toMatchObject({
      object: 'event',
      type: 'payment_intent.succeeded',
      livemode: false,
      api_version: Stripe.API_VERSION,
    });
    expect(event.data.object).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: 999,
      currency: 'gbp',
    });
    const receipt = await harness.payments.receipt({ user: owner, paymentId: checkout.paymentId });
    expect(receipt).toMatchObject({ status: 'paid', invoice: { grossPence: 999, vatPence: 167 } });
  });

  it('is as strict about its webhooks as about Stripe’s: replays change nothing, tampering is refused', async () => {
    const checkout = await startCheckout('bump');
    const before = delivered.length;
    await choose(checkout.paymentId, 'pay');
    const webhook = delivered[before]!;
    const replay = await harness.deliver(webhook);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    const tampered = await harness.deliver({
      ...webhook,
      body: webhook.body.replace('"amount": 499', '"amount": 1'),
    });
    expect(tampered.status).toBe(400);
    const events = await harness.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.paymentId, checkout.paymentId));
    expect(events).toHaveLength(1);
  });

  it('refuses its own signature when dated more than 5 minutes ahead or behind', async () => {
    const checkout = await startCheckout('bump');
    const before = delivered.length;
    await choose(checkout.paymentId, 'decline');
    const { body } = delivered[before]!;
    const { id } = JSON.parse(body) as { id: string };
    const nowSeconds = Math.floor(Date.now() / 1000);
    const signedAt = (eventId: string, timestamp: number) => {
      const payload = body.replace(id, eventId);
      return {
        body: payload,
        signature: Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
          timestamp,
        }),
      };
    };
    expect((await harness.deliver(signedAt(`${id}_ahead`, nowSeconds + 600))).status).toBe(400);
    expect((await harness.deliver(signedAt(`${id}_behind`, nowSeconds - 600))).status).toBe(400);
    expect((await harness.deliver(signedAt(`${id}_now`, nowSeconds))).status).toBe(200);
    const recorded = await harness.database.db
      .select({ id: webhookEvents.providerEventId })
      .from(webhookEvents)
      .where(eq(webhookEvents.paymentId, checkout.paymentId));
    expect(recorded.map((row) => row.id).sort()).toEqual([id, `${id}_now`].sort());
  });

  it('declines, then lets the buyer pay', async () => {
    const checkout = await startCheckout();
    expect(await (await choose(checkout.paymentId, 'decline')).json()).toEqual({
      status: 'failed',
      failureMessage: 'Your card was declined.',
    });
    expect(await (await choose(checkout.paymentId, 'pay')).json()).toMatchObject({
      status: 'paid',
    });
  });

  it('asks for authentication, and pays once the buyer authenticates', async () => {
    const checkout = await startCheckout();
    expect((await choose(checkout.paymentId, 'authenticate')).status).toBe(409);
    expect(await (await choose(checkout.paymentId, 'needs_authentication')).json()).toMatchObject({
      status: 'requires_action',
    });
    expect((await choose(checkout.paymentId, 'pay')).status).toBe(409);
    expect(await (await choose(checkout.paymentId, 'authenticate')).json()).toMatchObject({
      status: 'paid',
    });
    // Paying again only repeats the news: still one invoice, one set of upgrades.
    expect(await (await choose(checkout.paymentId, 'pay')).json()).toMatchObject({
      status: 'paid',
    });
  });

  it('answers only the buyer, and only known outcomes', async () => {
    const checkout = await startCheckout();
    expect((await choose(checkout.paymentId, 'pay', 'mallory')).status).toBe(404);
    expect((await choose(checkout.paymentId, 'steal')).status).toBe(422);
    const [row] = await harness.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, checkout.paymentId));
    expect(row).toMatchObject({ status: 'pending' });
  });

  it('refunds, and its refund webhook is reconciled with the refund, not added to it', async () => {
    const checkout = await startCheckout('featured_28');
    await choose(checkout.paymentId, 'pay');
    const response = await harness.api(
      'admin:ada-admin',
      `/admin/payments/${checkout.paymentId}/refunds`,
      {
        body: { amountPence: 1000, reason: 'goodwill', note: 'Test refund' },
      },
    );
    expect(response.status).toBe(201);
    const rows = await harness.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, checkout.paymentId));
    expect(rows).toMatchObject([
      {
        amountPence: 1000,
        status: 'succeeded',
        providerRefundId: expect.stringMatching(/^re_test_/),
      },
    ]);
    const [row] = await harness.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, checkout.paymentId));
    expect(row).toMatchObject({ status: 'partially_refunded', refundedPence: 1000 });
    const types = (
      await harness.database.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.paymentId, checkout.paymentId))
    ).map((event) => event.type);
    expect(types).toEqual(['payment_intent.succeeded', 'refund.created']);
  });
});

describe('configuration', () => {
  const db = () => harness.database.db;
  const logger = pino({ level: 'silent' });
  const deliver: WebhookDelivery = async () => {};

  it('refuses the test provider in production unless PAYMENTS_TEST_MODE=true', () => {
    expect(() =>
      createTestProvider({
        db: db(),
        deliver,
        logger,
        isProduction: true,
        isTestModeAllowed: false,
      }),
    ).toThrow(TestProviderRefusedError);
    expect(
      createTestProvider({ db: db(), deliver, logger, isProduction: true, isTestModeAllowed: true })
        .name,
    ).toBe('test');

    const off = parsePaymentsConfig({}, { isProduction: true });
    expect(off.provider).toEqual({ kind: 'off' });
    expect(
      createPaymentProvider(off, { db: db(), logger, isProduction: true, deliver }),
    ).toBeUndefined();
    const testMode = parsePaymentsConfig({ PAYMENTS_TEST_MODE: 'true' }, { isProduction: true });
    expect(
      createPaymentProvider(testMode, { db: db(), logger, isProduction: true, deliver })?.name,
    ).toBe('test');
    expect(
      createPaymentProvider(parsePaymentsConfig({}, { isProduction: false }), {
        db: db(),
        logger,
        isProduction: false,
        deliver,
      })?.name,
    ).toBe('test');
  });

  it('answers that paid upgrades are unavailable when payments are off', async () => {
    const service = createPaymentsService({
      db: db(),
      provider: undefined,
      supplier: SUPPLIER,
      logger,
    });
    const listingId = await insertListing(db(), { ownerSub: 'olive-owner' });
    await expect(
      service.startCheckout({
        user: owner,
        listingId,
        input: { productCode: 'bump', idempotencyKey: checkoutKey(), startImmediately: true },
      }),
    ).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await expect(
      service.handleWebhook({ rawBody: Buffer.from('{}'), signature: 't=1,v1=x' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
