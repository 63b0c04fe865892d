import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import type { FakeStripe } from '../../../tests/support/fake-stripe.ts';
import { at, owner, paidOrder, paymentRow } from '../../../tests/support/paid-orders.ts';
import {
  checkoutKey,
  startStripeHarness,
  type PaymentsHarness,
} from '../../../tests/support/payments-harness.ts';
import { refunds, upgrades } from './schema.ts';

/**
 * Refunds by administrators (full or partial, capped at what remains), through the real `stripe`
 * SDK against a fake Stripe.
 */
let harness: PaymentsHarness & { stripe: FakeStripe };

beforeAll(async () => {
  harness = await startStripeHarness();
});
afterAll(async () => {
  await harness?.close();
});

const refundAs = (user: string, paymentId: number, body: unknown) =>
  harness.api(user, `/admin/payments/${paymentId}/refunds`, { body });

describe('refunds by an administrator', () => {
  it('refunds part, then the rest, and refuses a third refund clearly', async () => {
    const { paymentId, listingId, intentId } = await paidOrder(harness, 'featured_7');
    harness.clock.now = at(1);
    const partial = await refundAs('admin:ada-admin', paymentId, {
      amountPence: 300,
      reason: 'goodwill',
      note: 'Slow week',
    });
    expect(partial.status).toBe(201);
    expect(await partial.json()).toMatchObject({
      amountPence: 300,
      vatPence: 50,
      status: 'succeeded',
      reason: 'goodwill',
      requestedBy: 'ada-admin',
      note: 'Slow week',
    });
    expect(await paymentRow(harness, paymentId)).toMatchObject({
      status: 'partially_refunded',
      refundedPence: 300,
    });
    // A partial refund leaves the upgrade running.
    expect(
      await harness.database.db.select().from(upgrades).where(eq(upgrades.listingId, listingId)),
    ).toMatchObject([{ endedEarlyAt: null }]);

    const tooMuch = await refundAs('admin:ada-admin', paymentId, {
      amountPence: 700,
      reason: 'other',
    });
    expect(tooMuch.status).toBe(422);
    expect(await tooMuch.json()).toMatchObject({
      error: { fields: { amountPence: 'At most £6.99 is left to refund' } },
    });

    const rest = await refundAs('admin:ada-admin', paymentId, {
      reason: 'requested_by_customer',
      note: 'Changed their mind',
    });
    expect(rest.status).toBe(201);
    expect(await rest.json()).toMatchObject({ amountPence: 699, status: 'succeeded' });
    expect(await paymentRow(harness, paymentId)).toMatchObject({
      status: 'refunded',
      refundedPence: 999,
    });
    expect(
      await harness.database.db.select().from(upgrades).where(eq(upgrades.listingId, listingId)),
    ).toMatchObject([{ endedEarlyAt: at(1), endedReason: 'refunded' }]);

    const again = await refundAs('admin:ada-admin', paymentId, { reason: 'duplicate' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: { code: 'CONFLICT', message: 'This payment has already been refunded in full.' },
    });
    const atStripe = [...harness.stripe.refunds.values()].filter(
      (refund) => refund.payment_intent === intentId,
    );
    expect(atStripe.map((refund) => refund.amount)).toEqual([300, 699]);
  });

  it('sends Stripe our refund id as metadata and an idempotency key, so a repeat refunds once', async () => {
    const { paymentId, intentId } = await paidOrder(harness, 'bump');
    const key = checkoutKey();
    const first = await refundAs('admin:ada-admin', paymentId, {
      amountPence: 100,
      reason: 'goodwill',
      idempotencyKey: key,
    });
    const second = await refundAs('admin:ada-admin', paymentId, {
      amountPence: 100,
      reason: 'goodwill',
      idempotencyKey: key,
    });
    const [a, b] = [await first.json(), await second.json()] as { id: number }[];
    expect(a!.id).toBe(b!.id);
    const atStripe = [...harness.stripe.refunds.values()].filter(
      (refund) => refund.payment_intent === intentId,
    );
    expect(atStripe).toHaveLength(1);
    expect(atStripe[0]!.metadata).toEqual({ roost_refund_id: String(a!.id) });
    const call = harness.stripe.requests.find(
      (request) =>
        request.path === '/v1/refunds' && request.idempotencyKey === `roost-refund-${a!.id}`,
    );
    expect(call).toBeDefined();
    expect(await paymentRow(harness, paymentId)).toMatchObject({ refundedPence: 100 });
  });

  it('is for administrators only', async () => {
    const { paymentId } = await paidOrder(harness, 'bump');
    expect((await refundAs('olive-owner', paymentId, { reason: 'goodwill' })).status).toBe(403);
    expect(
      (
        await harness.api(null, `/admin/payments/${paymentId}/refunds`, {
          body: { reason: 'goodwill' },
        })
      ).status,
    ).toBe(401);
    expect(await paymentRow(harness, paymentId)).toMatchObject({
      status: 'paid',
      refundedPence: 0,
    });
  });

  it('needs a reason from the list', async () => {
    const { paymentId } = await paidOrder(harness, 'bump');
    const response = await refundAs('admin:ada-admin', paymentId, { reason: 'because' });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      error: { fields: { reason: 'Choose a reason' } },
    });
  });

  it('refuses to refund a payment that was never taken', async () => {
    const listingId = await insertListing(harness.database.db, { ownerSub: 'olive-owner' });
    const view = await harness.payments.startCheckout({
      user: owner,
      listingId,
      input: { productCode: 'bump', idempotencyKey: checkoutKey(), startImmediately: true },
    });
    const response = await refundAs('admin:ada-admin', view.paymentId, { reason: 'goodwill' });
    expect(response.status).toBe(409);
  });

  it('records a refund Stripe would not make as failed and refunds nothing', async () => {
    const { paymentId } = await paidOrder(harness, 'bump');
    harness.stripe.failNextRefund();
    const response = await refundAs('admin:ada-admin', paymentId, {
      amountPence: 200,
      reason: 'goodwill',
    });
    expect(response.status).toBe(503);
    const rows = await harness.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, paymentId));
    expect(rows).toMatchObject([{ status: 'failed', amountPence: 200 }]);
    expect(await paymentRow(harness, paymentId)).toMatchObject({
      status: 'paid',
      refundedPence: 0,
    });
    // A failed refund does not use up what can be refunded.
    expect((await refundAs('admin:ada-admin', paymentId, { reason: 'goodwill' })).status).toBe(201);
    expect(await paymentRow(harness, paymentId)).toMatchObject({
      status: 'refunded',
      refundedPence: 499,
    });
  });

  it('reconciles refund webhooks: ours change nothing, one made in Stripe’s dashboard is recorded', async () => {
    const { paymentId, intentId } = await paidOrder(harness, 'featured_14');
    const made = (await (
      await refundAs('admin:ada-admin', paymentId, { amountPence: 500, reason: 'goodwill' })
    ).json()) as { id: number };
    const ours = [...harness.stripe.refunds.values()].find(
      (refund) => refund.metadata.roost_refund_id === String(made.id),
    )!;
    expect((await harness.deliver(harness.stripe.webhook('refund.created', ours))).status).toBe(
      200,
    );
    expect(
      (
        await harness.deliver(
          harness.stripe.webhook('refund.updated', { ...ours, status: 'pending' }),
        )
      ).status,
    ).toBe(200);
    expect(await paymentRow(harness, paymentId)).toMatchObject({
      refundedPence: 500,
      status: 'partially_refunded',
    });
    expect(
      await harness.database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId)),
    ).toMatchObject([{ id: made.id, status: 'succeeded' }]);

    const dashboard = {
      id: 're_dashboard_1',
      object: 'refund',
      amount: 200,
      currency: 'gbp',
      payment_intent: intentId,
      status: 'succeeded',
      metadata: {},
      created: 1,
    };
    expect(
      (await harness.deliver(harness.stripe.webhook('refund.created', dashboard))).status,
    ).toBe(200);
    expect(
      (await harness.deliver(harness.stripe.webhook('refund.updated', dashboard))).status,
    ).toBe(200);
    const rows = await harness.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, paymentId));
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.providerRefundId === 're_dashboard_1')).toMatchObject({
      reason: 'provider',
      requestedBy: 'provider',
      amountPence: 200,
    });
    expect(await paymentRow(harness, paymentId)).toMatchObject({ refundedPence: 700 });
  });

  it('moves a refund only forward: a late cancelled or failed event does not undo a succeeded refund', async () => {
    const { paymentId } = await paidOrder(harness, 'featured_14');
    const made = (await (
      await refundAs('admin:ada-admin', paymentId, { reason: 'goodwill' })
    ).json()) as { id: number };
    expect(await paymentRow(harness, paymentId)).toMatchObject({ status: 'refunded' });
    const ours = [...harness.stripe.refunds.values()].find(
      (refund) => refund.metadata.roost_refund_id === String(made.id),
    )!;
    const nowSeconds = Math.floor(Date.now() / 1000);
    // Stripe still has it succeeded: the events are old news, checked with Stripe and dropped.
    for (const status of ['canceled', 'failed', 'pending']) {
      const late = harness.stripe.webhook('refund.updated', { ...ours, status });
      expect((await harness.deliver(late)).status).toBe(200);
    }
    expect(await paymentRow(harness, paymentId)).toMatchObject({
      status: 'refunded',
      refundedPence: 1799,
    });
    expect(
      harness.stripe.requests.filter(
        (request) => request.method === 'GET' && request.path === `/v1/refunds/${ours.id}`,
      ),
    ).toHaveLength(3);

    // The card issuer returns it (Stripe documents that a succeeded refund can fail later).
    ours.status = 'failed';
    const failed = harness.stripe.webhook('refund.failed', ours, { timestamp: nowSeconds + 2 });
    expect((await harness.deliver(failed)).status).toBe(200);
    expect(await paymentRow(harness, paymentId)).toMatchObject({
      status: 'paid',
      refundedPence: 0,
    });
    // An older 'succeeded' event delivered after it changes nothing.
    const older = harness.stripe.webhook(
      'refund.updated',
      { ...ours, status: 'succeeded' },
      {
        timestamp: nowSeconds + 1,
      },
    );
    expect((await harness.deliver(older)).status).toBe(200);
    expect(
      await harness.database.db.select().from(refunds).where(eq(refunds.id, made.id)),
    ).toMatchObject([{ status: 'failed' }]);
    expect(await paymentRow(harness, paymentId)).toMatchObject({
      status: 'paid',
      refundedPence: 0,
    });
  });

  it('flags, and does not record, a provider refund larger than what remains of the payment', async () => {
    const { paymentId, intentId } = await paidOrder(harness, 'bump');
    expect(
      (await refundAs('admin:ada-admin', paymentId, { amountPence: 300, reason: 'goodwill' }))
        .status,
    ).toBe(201);
    const tooLarge = {
      id: 're_dashboard_too_large',
      object: 'refund',
      amount: 400,
      currency: 'gbp',
      payment_intent: intentId,
      status: 'succeeded',
      metadata: {},
      created: 1,
    };
    for (const type of ['refund.created', 'refund.updated']) {
      expect((await harness.deliver(harness.stripe.webhook(type, tooLarge))).status).toBe(200);
    }
    expect(
      await harness.database.db
        .select()
        .from(refunds)
        .where(eq(refunds.providerRefundId, 're_dashboard_too_large')),
    ).toEqual([]);
    expect(await paymentRow(harness, paymentId)).toMatchObject({
      status: 'partially_refunded',
      refundedPence: 300,
    });

    const detail = await harness.api('admin:ada-admin', `/admin/payments/${paymentId}`);
    expect(await detail.json()).toMatchObject({
      alerts: [
        {
          kind: 'refund_exceeds_remaining',
          providerRefundId: 're_dashboard_too_large',
          amountPence: 400,
          message: expect.stringContaining('only £1.99 remains'),
        },
      ],
    });
    const list = (await (await harness.api('admin:ada-admin', '/admin/payments')).json()) as {
      alerts: { paymentId: number }[];
    };
    expect(list.alerts.filter((alert) => alert.paymentId === paymentId)).toHaveLength(1);
  });
});
