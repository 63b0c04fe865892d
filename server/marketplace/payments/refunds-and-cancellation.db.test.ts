import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import type { FakeStripe } from '../../../tests/support/fake-stripe.ts';
import {
  checkoutKey,
  person,
  startStripeHarness,
  type PaymentsHarness,
} from '../../../tests/support/payments-harness.ts';
import { listings } from '../listings/schema.ts';
import { payments, refunds, upgrades } from './schema.ts';

/**
 * Refunds (administrators, full or partial, capped at what remains), cancelling within 14 days
 * for the unused part, and upgrades ending when a listing stops being public — through the real
 * `stripe` SDK against a fake Stripe.
 */
let harness: PaymentsHarness & { stripe: FakeStripe };
const owner = person('olive-owner');
const DAY = 86_400_000;
const start = new Date('2026-11-02T09:00:00Z');
const at = (days: number) => new Date(start.getTime() + days * DAY);

beforeAll(async () => {
  harness = await startStripeHarness();
});
afterAll(async () => {
  await harness?.close();
});

/** A paid order for a new listing of Olive's, paid at `start` (or when given). */
async function paidOrder(productCode = 'featured_7', paidAt = start) {
  harness.clock.now = paidAt;
  const listingId = await insertListing(harness.database.db, { ownerSub: 'olive-owner' });
  const view = await harness.payments.startCheckout({
    user: owner,
    listingId,
    input: { productCode, idempotencyKey: checkoutKey(), startImmediately: true },
  });
  const [row] = await harness.database.db
    .select()
    .from(payments)
    .where(eq(payments.id, view.paymentId));
  const intent = harness.stripe.setIntent(row!.providerPaymentId, 'succeeded');
  const response = await harness.deliver(
    harness.stripe.webhook('payment_intent.succeeded', intent),
  );
  expect(response.status).toBe(200);
  return { listingId, paymentId: view.paymentId, intentId: row!.providerPaymentId };
}

async function paymentRow(paymentId: number) {
  const [row] = await harness.database.db.select().from(payments).where(eq(payments.id, paymentId));
  return row!;
}

const refundAs = (user: string, paymentId: number, body: unknown) =>
  harness.api(user, `/admin/payments/${paymentId}/refunds`, { body });

describe('refunds by an administrator', () => {
  it('refunds part, then the rest, and refuses a third refund clearly', async () => {
    const { paymentId, listingId, intentId } = await paidOrder('featured_7');
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
    expect(await paymentRow(paymentId)).toMatchObject({
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
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'refunded', refundedPence: 999 });
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
    const { paymentId, intentId } = await paidOrder('bump');
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
    expect(await paymentRow(paymentId)).toMatchObject({ refundedPence: 100 });
  });

  it('is for administrators only', async () => {
    const { paymentId } = await paidOrder('bump');
    expect((await refundAs('olive-owner', paymentId, { reason: 'goodwill' })).status).toBe(403);
    expect(
      (
        await harness.api(null, `/admin/payments/${paymentId}/refunds`, {
          body: { reason: 'goodwill' },
        })
      ).status,
    ).toBe(401);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'paid', refundedPence: 0 });
  });

  it('needs a reason from the list', async () => {
    const { paymentId } = await paidOrder('bump');
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
    const { paymentId } = await paidOrder('bump');
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
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'paid', refundedPence: 0 });
    // A failed refund does not use up what can be refunded.
    expect((await refundAs('admin:ada-admin', paymentId, { reason: 'goodwill' })).status).toBe(201);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'refunded', refundedPence: 499 });
  });

  it('reconciles refund webhooks: ours change nothing, one made in Stripe’s dashboard is recorded', async () => {
    const { paymentId, intentId } = await paidOrder('featured_14');
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
    expect(await paymentRow(paymentId)).toMatchObject({
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
    expect(await paymentRow(paymentId)).toMatchObject({ refundedPence: 700 });
  });
});

describe('cancelling within 14 days', () => {
  it('quotes the unused part pro rata, refunds exactly that on confirming, and ends the upgrade', async () => {
    const { paymentId, listingId } = await paidOrder('featured_7');
    harness.clock.now = at(2);
    const quote = await harness.api('olive-owner', `/me/payments/${paymentId}/cancellation`);
    expect(await quote.json()).toMatchObject({
      isAllowed: true,
      amountPence: 713,
      paidPence: 999,
      upgrades: [{ kind: 'featured', unusedPercent: 71 }],
    });

    const wrong = await harness.api('olive-owner', `/me/payments/${paymentId}/cancellation`, {
      body: { quotedPence: 999 },
    });
    expect(wrong.status).toBe(409);
    expect(await wrong.json()).toMatchObject({ error: { fields: { quotedPence: '713' } } });

    const confirmed = await harness.api('olive-owner', `/me/payments/${paymentId}/cancellation`, {
      body: { quotedPence: 713 },
    });
    expect(confirmed.status).toBe(201);
    expect(await confirmed.json()).toMatchObject({ amountPence: 713 });
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'partially_refunded',
      refundedPence: 713,
    });
    expect(
      await harness.database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId)),
    ).toMatchObject([
      {
        reason: 'cancellation',
        requestedBy: 'cancellation',
        requesterEmail: 'olive-owner@example.com',
        status: 'succeeded',
      },
    ]);
    expect(
      await harness.database.db.select().from(upgrades).where(eq(upgrades.listingId, listingId)),
    ).toMatchObject([{ endedEarlyAt: at(2), endedReason: 'cancelled' }]);
    const receipt = await harness.payments.receipt({ user: owner, paymentId });
    expect(receipt.refunds).toMatchObject([
      { amountPence: 713, reasonLabel: 'Cancelled within 14 days' },
    ]);

    const twice = await harness.payments.cancellationQuote({ user: owner, paymentId });
    expect(twice).toMatchObject({
      isAllowed: false,
      amountPence: 0,
      reason: 'This upgrade has already been cancelled.',
    });
  });

  it('honours a quote shown a few minutes ago', async () => {
    const { paymentId } = await paidOrder('featured_7');
    harness.clock.now = at(3);
    const quote = await harness.payments.cancellationQuote({ user: owner, paymentId });
    harness.clock.now = new Date(at(3).getTime() + 20 * 60_000);
    const later = await harness.payments.cancellationQuote({ user: owner, paymentId });
    expect(later.amountPence).toBeLessThan(quote.amountPence);
    const { amountPence } = await harness.payments.cancel({
      user: owner,
      paymentId,
      input: { quotedPence: quote.amountPence },
    });
    expect(amountPence).toBe(quote.amountPence);
  });

  it('is closed after 14 days, and for someone else’s payment the payment does not exist', async () => {
    const { paymentId } = await paidOrder('featured_28');
    harness.clock.now = at(14.5);
    expect(await harness.payments.cancellationQuote({ user: owner, paymentId })).toMatchObject({
      isAllowed: false,
    });
    await expect(
      harness.payments.cancel({ user: owner, paymentId, input: { quotedPence: 1 } }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      harness.payments.cancellationQuote({ user: person('mallory'), paymentId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refunds nothing for a bump already applied, and shares a bundle by its parts', async () => {
    const bump = await paidOrder('bump');
    harness.clock.now = at(1);
    expect(
      await harness.payments.cancellationQuote({ user: owner, paymentId: bump.paymentId }),
    ).toMatchObject({ isAllowed: false, amountPence: 0 });

    const bundle = await paidOrder('faster_bundle');
    harness.clock.now = at(14);
    const quote = await harness.payments.cancellationQuote({
      user: owner,
      paymentId: bundle.paymentId,
    });
    // Featured 28 days half used, one of two bumps spent at once, the alert boost unused.
    expect(quote.amountPence).toBe(Math.floor(3999 * ((2999 * 0.5 + 998 * 0.5 + 1499) / 5496)));
  });
});

describe('when a listing stops being public', () => {
  it('ends its upgrades, and their unused part stays refundable after 14 days', async () => {
    const { paymentId, listingId } = await paidOrder('featured_28');
    harness.clock.now = at(10);
    await harness.database.db
      .update(listings)
      .set({ status: 'paused' })
      .where(eq(listings.id, listingId));
    expect(await harness.payments.endUpgradesForListing({ listingId })).toBe(1);
    expect(await harness.payments.endUpgradesForListing({ listingId })).toBe(0);
    const placements = await harness.payments.placements({ listingIds: [listingId] });
    expect(placements.get(listingId)?.featuredUntil).toBeUndefined();

    harness.clock.now = at(20);
    const quote = await harness.payments.cancellationQuote({ user: owner, paymentId });
    expect(quote).toMatchObject({ isAllowed: true, amountPence: Math.floor((2999 * 18) / 28) });
  });

  it('leaves a public listing’s upgrades alone; the sweep ends those of removed and deleted listings', async () => {
    const live = await paidOrder('showcase_7');
    const removed = await paidOrder('featured_7');
    const deleted = await paidOrder('faster_bundle');
    harness.clock.now = at(1);
    expect(await harness.payments.endUpgradesForListing({ listingId: live.listingId })).toBe(0);
    await harness.database.db
      .update(listings)
      .set({ status: 'removed' })
      .where(eq(listings.id, removed.listingId));
    await harness.database.db
      .update(listings)
      .set({ deletedAt: at(1) })
      .where(eq(listings.id, deleted.listingId));
    await harness.payments.sweepUpgrades();
    const ended = async (listingId: number) =>
      (
        await harness.database.db.select().from(upgrades).where(eq(upgrades.listingId, listingId))
      ).map((row) => row.endedReason);
    expect(await ended(live.listingId)).toEqual([null]);
    expect(await ended(removed.listingId)).toEqual(['listing_not_public']);
    // The bundle's spent bump is over already; the featured days and the alert boost end.
    expect(await ended(deleted.listingId)).toEqual([
      'listing_not_public',
      'listing_not_public',
      'listing_not_public',
    ]);
    const placements = await harness.payments.placements({ listingIds: [live.listingId] });
    expect(placements.get(live.listingId)?.showcaseUntil).toEqual(at(7));
  });
});

describe('placements', () => {
  it('stacks a second featured purchase after the first, and spends a bundle’s second bump on request', async () => {
    const first = await paidOrder('featured_7');
    harness.clock.now = at(2);
    const listingId = first.listingId;
    const view = await harness.payments.startCheckout({
      user: owner,
      listingId,
      input: {
        productCode: 'faster_bundle',
        idempotencyKey: checkoutKey(),
        startImmediately: true,
      },
    });
    const [row] = await harness.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, view.paymentId));
    await harness.deliver(
      harness.stripe.webhook(
        'payment_intent.succeeded',
        harness.stripe.setIntent(row!.providerPaymentId, 'succeeded'),
      ),
    );
    const placement = (await harness.payments.placements({ listingIds: [listingId] })).get(
      listingId,
    )!;
    expect(placement).toMatchObject({
      featuredUntil: at(7),
      bumpedAt: at(2),
      unusedBumps: 1,
      unusedAlertBoosts: 1,
    });
    harness.clock.now = at(8);
    expect(
      (await harness.payments.placements({ listingIds: [listingId] })).get(listingId)!
        .featuredUntil,
    ).toEqual(at(35));

    await expect(
      harness.payments.applyBump({ user: person('mallory'), listingId }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await harness.payments.applyBump({ user: owner, listingId })).toEqual({
      bumpedAt: at(8),
    });
    await expect(harness.payments.applyBump({ user: owner, listingId })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(
      (await harness.payments.placements({ listingIds: [listingId] })).get(listingId),
    ).toMatchObject({ bumpedAt: at(8), unusedBumps: 0 });
  });
});

describe('two featured purchases for one listing landing at once', () => {
  it('stack one after the other instead of overlapping', async () => {
    harness.clock.now = at(40);
    const listingId = await insertListing(harness.database.db, { ownerSub: 'olive-owner' });
    const started = await Promise.all(
      ['featured_7', 'featured_14'].map((productCode) =>
        harness.payments.startCheckout({
          user: owner,
          listingId,
          input: { productCode, idempotencyKey: checkoutKey(), startImmediately: true },
        }),
      ),
    );
    const webhooks = await Promise.all(
      started.map(async (view) => {
        const [row] = await harness.database.db
          .select()
          .from(payments)
          .where(eq(payments.id, view.paymentId));
        return harness.stripe.webhook(
          'payment_intent.succeeded',
          harness.stripe.setIntent(row!.providerPaymentId, 'succeeded'),
        );
      }),
    );
    const responses = await Promise.all(webhooks.map((webhook) => harness.deliver(webhook)));
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    const granted = (
      await harness.database.db.select().from(upgrades).where(eq(upgrades.listingId, listingId))
    ).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    expect(granted).toHaveLength(2);
    expect(granted[0]!.startsAt).toEqual(at(40));
    expect(granted[1]!.startsAt).toEqual(granted[0]!.endsAt);
  });
});
