import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../jobs/schema.ts';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import {
  checkoutKey,
  person,
  startStripeHarness,
  type PaymentsHarness,
} from '../../../tests/support/payments-harness.ts';
import type { FakeStripe } from '../../../tests/support/fake-stripe.ts';
import { invoices, payments, products, upgrades, webhookEvents } from './schema.ts';
import { DEFAULT_CATALOGUE } from '../../../domain/payments/catalogue.ts';
import { IMMEDIATE_START_WORDING } from '../../../domain/payments/rules.ts';

/**
 * Checkout and webhooks with the real `stripe` SDK against a fake Stripe on 127.0.0.1: who may
 * buy, one order per double-click, and a webhook endpoint that is signed, idempotent and safe
 * when events come twice, late or out of order.
 */
let harness: PaymentsHarness & { stripe: FakeStripe };
const owner = person('olive-owner');

beforeAll(async () => {
  harness = await startStripeHarness();
});
afterAll(async () => {
  await harness?.close();
});

async function checkout(listingId: number, productCode = 'featured_7', key = checkoutKey()) {
  const response = await harness.api('olive-owner', `/listings/${listingId}/checkouts`, {
    body: { productCode, idempotencyKey: key, startImmediately: true },
  });
  return {
    response,
    body: (await response.json()) as Record<string, unknown> & {
      paymentId: number;
      clientSecret: string;
    },
  };
}

async function providerIdOf(paymentId: number) {
  const [row] = await harness.database.db.select().from(payments).where(eq(payments.id, paymentId));
  return row!.providerPaymentId;
}

async function paymentRow(paymentId: number) {
  const [row] = await harness.database.db.select().from(payments).where(eq(payments.id, paymentId));
  return row!;
}

/** Stripe's side changes, then its webhook arrives carrying the intent as it was then. */
async function stripeSays(
  paymentId: number,
  change: Parameters<FakeStripe['setIntent']>[1],
  type: string,
) {
  const intent = harness.stripe.setIntent(await providerIdOf(paymentId), change);
  const webhook = harness.stripe.webhook(type, intent);
  return { webhook, response: await harness.deliver(webhook) };
}

describe('the catalogue', () => {
  it('is seeded by the migration from the default catalogue', async () => {
    const rows = await harness.database.db.select().from(products).orderBy(asc(products.position));
    expect(rows.map((row) => [row.code, row.pricePence, row.entitlements])).toEqual(
      DEFAULT_CATALOGUE.map((product) => [product.code, product.pricePence, product.entitlements]),
    );
    const response = await harness.api(null, '/payments/products');
    const body = (await response.json()) as {
      products: { code: string; vatPence: number }[];
      checkout: unknown;
    };
    expect(body.products[0]).toMatchObject({
      code: 'featured_7',
      pricePence: 999,
      netPence: 832,
      vatPence: 167,
    });
    expect(body.checkout).toEqual({ kind: 'stripe', publishableKey: 'pk_test_roost' });
  });
});

describe('starting a checkout', () => {
  it('makes a PaymentIntent with automatic payment methods for the price, and records the immediate-start request', async () => {
    const listingId = await insertListing(harness.database.db, { ownerSub: 'olive-owner' });
    const { response, body } = await checkout(listingId, 'featured_7');
    expect(response.status).toBe(201);
    expect(body).toMatchObject({
      status: 'pending',
      amountPence: 999,
      vatPence: 167,
      netPence: 832,
    });
    const intent = harness.stripe.intents.get(await providerIdOf(body.paymentId))!;
    expect(intent).toMatchObject({
      amount: 999,
      currency: 'gbp',
      automatic_payment_methods: { enabled: true },
    });
    expect(body.clientSecret).toBe(intent.client_secret);
    const receipt = await harness.payments.receipt({ user: owner, paymentId: body.paymentId });
    expect(receipt.immediateStart.wording).toBe(IMMEDIATE_START_WORDING);
    expect(receipt.invoice).toBeUndefined();
  });

  it('makes one order and one PaymentIntent however often Pay is clicked', async () => {
    const listingId = await insertListing(harness.database.db, { ownerSub: 'olive-owner' });
    const key = checkoutKey();
    const before = harness.stripe.intents.size;
    const results = await Promise.all([
      checkout(listingId, 'bump', key),
      checkout(listingId, 'bump', key),
      checkout(listingId, 'bump', key),
    ]);
    expect(results.map((result) => result.response.status)).toEqual([201, 201, 201]);
    expect(new Set(results.map((result) => result.body.paymentId)).size).toBe(1);
    expect(new Set(results.map((result) => result.body.clientSecret)).size).toBe(1);
    expect(harness.stripe.intents.size).toBe(before + 1);
  });

  it('is for the listing’s owner only', async () => {
    const listingId = await insertListing(harness.database.db, { ownerSub: 'olive-owner' });
    const other = await harness.api('mallory', `/listings/${listingId}/checkouts`, {
      body: { productCode: 'featured_7', idempotencyKey: checkoutKey(), startImmediately: true },
    });
    expect(other.status).toBe(403);
    const signedOut = await harness.api(null, `/listings/${listingId}/checkouts`, {
      body: { productCode: 'featured_7', idempotencyKey: checkoutKey(), startImmediately: true },
    });
    expect(signedOut.status).toBe(401);
  });

  it.each([
    ['paused', {}],
    ['removed', {}],
    ['sold_stc', {}],
    ['let_agreed', { channel: 'rent' as const }],
    ['draft', {}],
  ] as const)('is refused for a %s listing', async (status, extra) => {
    const listingId = await insertListing(harness.database.db, {
      ownerSub: 'olive-owner',
      status,
      ...extra,
    });
    const { response, body } = await checkout(listingId);
    expect(response.status).toBe(409);
    expect(body).toMatchObject({ error: { code: 'CONFLICT' } });
  });

  it('is refused for a deleted listing, allowed under offer', async () => {
    const deleted = await insertListing(harness.database.db, {
      ownerSub: 'olive-owner',
      deletedAt: new Date(),
    });
    expect((await checkout(deleted)).response.status).toBe(409);
    const underOffer = await insertListing(harness.database.db, {
      ownerSub: 'olive-owner',
      status: 'under_offer',
    });
    expect((await checkout(underOffer)).response.status).toBe(201);
  });

  it('needs the buyer to ask for the upgrade to start at once', async () => {
    const listingId = await insertListing(harness.database.db, { ownerSub: 'olive-owner' });
    const response = await harness.api('olive-owner', `/listings/${listingId}/checkouts`, {
      body: { productCode: 'featured_7', idempotencyKey: checkoutKey(), startImmediately: false },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      error: { fields: { startImmediately: expect.any(String) } },
    });
  });
});

describe('the webhook', () => {
  it('marks the payment paid, grants the upgrade, issues the invoice and queues the receipt', async () => {
    const listingId = await insertListing(harness.database.db, { ownerSub: 'olive-owner' });
    const { body } = await checkout(listingId, 'featured_7');
    const { response } = await stripeSays(body.paymentId, 'succeeded', 'payment_intent.succeeded');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, duplicate: false });

    const paid = await paymentRow(body.paymentId);
    expect(paid).toMatchObject({ status: 'paid', refundedPence: 0 });
    const granted = await harness.database.db
      .select()
      .from(upgrades)
      .where(eq(upgrades.listingId, listingId));
    expect(granted).toHaveLength(1);
    expect(granted[0]).toMatchObject({ kind: 'featured', days: 7, endedEarlyAt: null });
    expect(granted[0]!.endsAt!.getTime() - granted[0]!.startsAt.getTime()).toBe(7 * 86_400_000);
    const receipt = await harness.payments.receipt({ user: owner, paymentId: body.paymentId });
    expect(receipt.invoice).toMatchObject({
      number: expect.stringMatching(/^ROO-\d{6}$/),
      supplierName: 'Roost Property Ltd',
      supplierAddress: '1 Test Street, Leeds, LS1 1AA',
      supplierVatNumber: 'GB123456789',
      netPence: 832,
      vatPence: 167,
      grossPence: 999,
      vatRatePercent: 20,
    });
    const queued = await harness.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `payment-receipt:${body.paymentId}`));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.payload).toEqual({ paymentId: body.paymentId });
  });

  it('changes nothing when the same event is delivered again', async () => {
    const listingId = await insertListing(harness.database.db, { ownerSub: 'olive-owner' });
    const { body } = await checkout(listingId, 'featured_14');
    const { webhook } = await stripeSays(body.paymentId, 'succeeded', 'payment_intent.succeeded');
    const again = await harness.deliver(webhook);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    const events = await harness.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.providerEventId, webhook.id));
    expect(events).toHaveLength(1);
    expect(
      await harness.database.db.select().from(upgrades).where(eq(upgrades.listingId, listingId)),
    ).toHaveLength(1);
    expect(
      await harness.database.db
        .select()
        .from(invoices)
        .where(eq(invoices.paymentId, body.paymentId)),
    ).toHaveLength(1);
  });

  it('acts on the payment’s current state, so late and out-of-order events do no harm', async () => {
    const listingId = await insertListing(harness.database.db, { ownerSub: 'olive-owner' });
    const { body } = await checkout(listingId, 'featured_7');
    const intentId = await providerIdOf(body.paymentId);
    // The buyer is asked for 3-D Secure, passes it; the events arrive succeeded first, then the
    // older requires_action one, then a stale failure.
    const asked = harness.stripe.setIntent(intentId, 'requires_action');
    const lateAction = harness.stripe.webhook('payment_intent.requires_action', asked);
    const succeeded = harness.stripe.webhook(
      'payment_intent.succeeded',
      harness.stripe.setIntent(intentId, 'succeeded'),
    );
    const staleFailure = harness.stripe.webhook('payment_intent.payment_failed', {
      ...asked,
      status: 'requires_payment_method',
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        message: 'Your card was declined.',
      },
    });
    expect((await harness.deliver(succeeded)).status).toBe(200);
    expect((await harness.deliver(lateAction)).status).toBe(200);
    expect((await harness.deliver(staleFailure)).status).toBe(200);
    expect(await paymentRow(body.paymentId)).toMatchObject({
      status: 'paid',
      failureMessage: null,
    });
    expect(
      await harness.database.db.select().from(upgrades).where(eq(upgrades.listingId, listingId)),
    ).toHaveLength(1);
  });

  it('grants on a late event whose own body is out of date, because Stripe is asked again', async () => {
    const listingId = await insertListing(harness.database.db, { ownerSub: 'olive-owner' });
    const { body } = await checkout(listingId, 'bump');
    const intentId = await providerIdOf(body.paymentId);
    const asked = harness.stripe.setIntent(intentId, 'requires_action');
    harness.stripe.setIntent(intentId, 'succeeded');
    // Only the old requires_action event has arrived so far: it must not leave the payment waiting.
    expect(
      (await harness.deliver(harness.stripe.webhook('payment_intent.requires_action', asked)))
        .status,
    ).toBe(200);
    expect(await paymentRow(body.paymentId)).toMatchObject({ status: 'paid' });
  });

  it('refuses a genuine signature dated more than 5 minutes ahead, and records nothing', async () => {
    const listingId = await insertListing(harness.database.db, { ownerSub: 'olive-owner' });
    const { body } = await checkout(listingId, 'bump');
    const intent = harness.stripe.setIntent(await providerIdOf(body.paymentId), 'succeeded');
    const nowSeconds = Math.floor(Date.now() / 1000);
    const ahead = harness.stripe.webhook('payment_intent.succeeded', intent, {
      timestamp: nowSeconds + 600,
    });
    const response = await harness.deliver(ahead);
    expect(response.status).toBe(400);
    expect(
      await harness.database.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.providerEventId, ahead.id)),
    ).toEqual([]);
    expect(await paymentRow(body.paymentId)).toMatchObject({ status: 'pending' });
    // A clock a minute ahead of ours is within the tolerance.
    const slightlyAhead = harness.stripe.webhook('payment_intent.succeeded', intent, {
      timestamp: nowSeconds + 60,
    });
    expect((await harness.deliver(slightlyAhead)).status).toBe(200);
    expect(await paymentRow(body.paymentId)).toMatchObject({ status: 'paid' });
  });

  it('refuses a tampered body, a stale timestamp, a wrong secret or no signature, and records nothing', async () => {
    const listingId = await insertListing(harness.database.db, { ownerSub: 'olive-owner' });
    const { body } = await checkout(listingId, 'featured_28');
    const intent = harness.stripe.setIntent(await providerIdOf(body.paymentId), 'succeeded');
    const genuine = harness.stripe.webhook('payment_intent.succeeded', intent);
    const tampered = {
      ...genuine,
      body: genuine.body.replace('"livemode": false', '"livemode": true'),
    };
    expect(tampered.body).not.toBe(genuine.body);
    const stale = harness.stripe.webhook('payment_intent.succeeded', intent, {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    const wrongSecret = harness.stripe.webhook('payment_intent.succeeded', intent, {
      secret: 'whsec_notthesecret',
    });
    for (const webhook of [tampered, stale, wrongSecret, { body: genuine.body }]) {
      const response = await harness.deliver(webhook);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    }
    for (const id of [genuine.id, stale.id, wrongSecret.id]) {
      expect(
        await harness.database.db
          .select()
          .from(webhookEvents)
          .where(eq(webhookEvents.providerEventId, id)),
      ).toEqual([]);
    }
    expect(await paymentRow(body.paymentId)).toMatchObject({ status: 'pending' });
    // The genuine delivery still works afterwards.
    expect((await harness.deliver(genuine)).status).toBe(200);
    expect(await paymentRow(body.paymentId)).toMatchObject({ status: 'paid' });
  });

  it('records a declined card (nothing granted), and a later successful try', async () => {
    const listingId = await insertListing(harness.database.db, { ownerSub: 'olive-owner' });
    const { body } = await checkout(listingId, 'showcase_7');
    await stripeSays(body.paymentId, 'declined', 'payment_intent.payment_failed');
    expect(await paymentRow(body.paymentId)).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card has insufficient funds.',
      paidAt: null,
    });
    expect(
      await harness.database.db.select().from(upgrades).where(eq(upgrades.listingId, listingId)),
    ).toEqual([]);
    expect(
      await harness.database.db
        .select()
        .from(invoices)
        .where(eq(invoices.paymentId, body.paymentId)),
    ).toEqual([]);
    // The checkout page can still be paid: its client secret is handed out again.
    const page = await harness.api('olive-owner', `/me/payments/${body.paymentId}/checkout`);
    expect(await page.json()).toMatchObject({ status: 'failed', clientSecret: body.clientSecret });
    await stripeSays(body.paymentId, 'succeeded', 'payment_intent.succeeded');
    expect(await paymentRow(body.paymentId)).toMatchObject({
      status: 'paid',
      failureMessage: null,
    });
  });

  it('waits while the bank asks for authentication, then grants once it succeeds', async () => {
    const listingId = await insertListing(harness.database.db, { ownerSub: 'olive-owner' });
    const { body } = await checkout(listingId, 'alert_boost');
    await stripeSays(body.paymentId, 'requires_action', 'payment_intent.requires_action');
    expect(await paymentRow(body.paymentId)).toMatchObject({ status: 'requires_action' });
    expect(
      await harness.database.db.select().from(upgrades).where(eq(upgrades.listingId, listingId)),
    ).toEqual([]);
    await stripeSays(body.paymentId, 'succeeded', 'payment_intent.succeeded');
    expect(await paymentRow(body.paymentId)).toMatchObject({ status: 'paid' });
    expect(
      await harness.database.db.select().from(upgrades).where(eq(upgrades.listingId, listingId)),
    ).toMatchObject([{ kind: 'alert_boost', usesTotal: 1, usesSpent: 0 }]);
  });

  it('ignores events about payments that are not Roost’s', async () => {
    const response = await harness.deliver(
      harness.stripe.webhook('payment_intent.succeeded', {
        id: 'pi_elsewhere',
        object: 'payment_intent',
        status: 'succeeded',
      }),
    );
    expect(response.status).toBe(200);
  });

  it('numbers invoices 1, 2, 3… with no gaps or repeats when payments land at once', async () => {
    const listingId = await insertListing(harness.database.db, { ownerSub: 'olive-owner' });
    const started = [];
    for (let index = 0; index < 8; index += 1)
      started.push((await checkout(listingId, 'bump')).body.paymentId);
    const webhooks = await Promise.all(
      started.map(async (paymentId) =>
        harness.stripe.webhook(
          'payment_intent.succeeded',
          harness.stripe.setIntent(await providerIdOf(paymentId), 'succeeded'),
        ),
      ),
    );
    const responses = await Promise.all(webhooks.map((webhook) => harness.deliver(webhook)));
    expect(responses.map((response) => response.status)).toEqual(webhooks.map(() => 200));
    const numbers = (await harness.database.db.select({ number: invoices.number }).from(invoices))
      .map((row) => row.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    const mine = await harness.database.db.select({ paymentId: invoices.paymentId }).from(invoices);
    expect(started.every((paymentId) => mine.some((row) => row.paymentId === paymentId))).toBe(
      true,
    );
  });
});
