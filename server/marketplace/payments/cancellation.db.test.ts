import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import type { FakeStripe } from '../../../tests/support/fake-stripe.ts';
import { at, owner, paidOrder, paymentRow } from '../../../tests/support/paid-orders.ts';
import {
  checkoutKey,
  person,
  startStripeHarness,
  type PaymentsHarness,
} from '../../../tests/support/payments-harness.ts';
import { changeListingStatus } from '../listings/change-listing-status.ts';
import { listings } from '../listings/schema.ts';
import { payments, refunds, upgrades } from './schema.ts';

/**
 * Cancelling within 14 days for the unused part, upgrades ending when a listing stops being
 * public, and how placements stack — through the real `stripe` SDK against a fake Stripe.
 */
let harness: PaymentsHarness & { stripe: FakeStripe };

beforeAll(async () => {
  harness = await startStripeHarness();
});
afterAll(async () => {
  await harness?.close();
});

describe('cancelling within 14 days', () => {
  it('quotes the unused part pro rata, refunds exactly that on confirming, and ends the upgrade', async () => {
    const { paymentId, listingId } = await paidOrder(harness, 'featured_7');
    harness.clock.now = at(2);
    const quote = await harness.api('olive-owner', `/me/payments/${paymentId}/cancellation`);
    const shown = (await quote.json()) as { quotedAt: string };
    expect(shown).toMatchObject({
      isAllowed: true,
      amountPence: 713,
      quotedAt: at(2).toISOString(),
      paidPence: 999,
      upgrades: [{ kind: 'featured', unusedPercent: 71 }],
    });

    const wrong = await harness.api('olive-owner', `/me/payments/${paymentId}/cancellation`, {
      body: { quotedPence: 999, quotedAt: shown.quotedAt },
    });
    expect(wrong.status).toBe(409);
    expect(await wrong.json()).toMatchObject({
      error: { fields: { quotedPence: '713', quotedAt: at(2).toISOString() } },
    });

    const confirmed = await harness.api('olive-owner', `/me/payments/${paymentId}/cancellation`, {
      body: { quotedPence: 713, quotedAt: shown.quotedAt },
    });
    expect(confirmed.status).toBe(201);
    expect(await confirmed.json()).toMatchObject({ amountPence: 713 });
    expect(await paymentRow(harness, paymentId)).toMatchObject({
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
    // The receipt no longer offers to cancel: it says when it was cancelled.
    expect(receipt.cancellation).toMatchObject({ canCancel: false, cancelledAt: at(2) });
  });

  it('refunds a 100 %-unused upgrade in full, for exactly the amount shown', async () => {
    const { paymentId } = await paidOrder(harness, 'featured_7');
    // Ten minutes in: nothing of the week has been used yet in whole hours.
    const shownAt = new Date(at(0).getTime() + 10 * 60_000);
    harness.clock.now = shownAt;
    const quote = await harness.payments.cancellationQuote({ user: owner, paymentId });
    expect(quote).toMatchObject({
      isAllowed: true,
      amountPence: 999,
      upgrades: [{ unusedPercent: 100 }],
    });
    const receipt = await harness.payments.receipt({ user: owner, paymentId });
    expect(receipt.cancellation).toMatchObject({ canCancel: true, cancelledAt: null });

    // An amount other than the one quoted at that moment is never paid: the new quote comes back.
    harness.clock.now = new Date(shownAt.getTime() + 5 * 60_000);
    const other = await harness.api('olive-owner', `/me/payments/${paymentId}/cancellation`, {
      body: { quotedPence: 998, quotedAt: shownAt.toISOString() },
    });
    expect(other.status).toBe(409);
    const unquoted = await harness.api('olive-owner', `/me/payments/${paymentId}/cancellation`, {
      body: { quotedPence: 999 },
    });
    expect(unquoted.status).toBe(422);
    const confirmed = await harness.api('olive-owner', `/me/payments/${paymentId}/cancellation`, {
      body: { quotedPence: 999, quotedAt: shownAt.toISOString() },
    });
    expect(confirmed.status).toBe(201);
    expect(await paymentRow(harness, paymentId)).toMatchObject({
      status: 'refunded',
      refundedPence: 999,
    });
  });

  it('pays the quoted amount, not a larger one from before it, in the first half hour', async () => {
    const { paymentId } = await paidOrder(harness, 'featured_7');
    harness.clock.now = new Date(at(0).getTime() + 75 * 60_000);
    const quote = await harness.payments.cancellationQuote({ user: owner, paymentId });
    // One whole hour of 168 used.
    expect(quote.amountPence).toBe(Math.floor((999 * 167) / 168));
    await expect(
      harness.payments.cancel({
        user: owner,
        paymentId,
        input: { quotedPence: 999, quotedAt: quote.quotedAt.toISOString() },
      }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      fields: { quotedPence: String(quote.amountPence) },
    });
    const { amountPence } = await harness.payments.cancel({
      user: owner,
      paymentId,
      input: { quotedPence: quote.amountPence, quotedAt: quote.quotedAt.toISOString() },
    });
    expect(amountPence).toBe(quote.amountPence);
  });

  it('honours a quote shown a few minutes ago', async () => {
    const { paymentId } = await paidOrder(harness, 'featured_7');
    const shownAt = new Date(at(3).getTime() + 45 * 60_000);
    harness.clock.now = shownAt;
    const quote = await harness.payments.cancellationQuote({ user: owner, paymentId });
    // Twenty minutes later another whole hour has been used.
    harness.clock.now = new Date(shownAt.getTime() + 20 * 60_000);
    const later = await harness.payments.cancellationQuote({ user: owner, paymentId });
    expect(later.amountPence).toBeLessThan(quote.amountPence);
    const { amountPence } = await harness.payments.cancel({
      user: owner,
      paymentId,
      input: { quotedPence: quote.amountPence, quotedAt: quote.quotedAt.toISOString() },
    });
    expect(amountPence).toBe(quote.amountPence);
  });

  it('asks again for a quote over 30 minutes old', async () => {
    const { paymentId } = await paidOrder(harness, 'featured_7');
    harness.clock.now = at(3);
    const quote = await harness.payments.cancellationQuote({ user: owner, paymentId });
    harness.clock.now = new Date(at(3).getTime() + 31 * 60_000);
    await expect(
      harness.payments.cancel({
        user: owner,
        paymentId,
        input: { quotedPence: quote.amountPence, quotedAt: quote.quotedAt.toISOString() },
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('is closed after 14 days, and for someone else’s payment the payment does not exist', async () => {
    const { paymentId } = await paidOrder(harness, 'featured_28');
    harness.clock.now = at(14.5);
    expect(await harness.payments.cancellationQuote({ user: owner, paymentId })).toMatchObject({
      isAllowed: false,
    });
    await expect(
      harness.payments.cancel({
        user: owner,
        paymentId,
        input: { quotedPence: 1, quotedAt: at(14.5).toISOString() },
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      harness.payments.cancellationQuote({ user: person('mallory'), paymentId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refunds nothing for a bump already applied, and shares a bundle by its parts', async () => {
    const bump = await paidOrder(harness, 'bump');
    harness.clock.now = at(1);
    expect(
      await harness.payments.cancellationQuote({ user: owner, paymentId: bump.paymentId }),
    ).toMatchObject({ isAllowed: false, amountPence: 0 });

    const bundle = await paidOrder(harness, 'faster_bundle');
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
    const { paymentId, listingId } = await paidOrder(harness, 'featured_28');
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
    const live = await paidOrder(harness, 'showcase_7');
    const removed = await paidOrder(harness, 'featured_7');
    const deleted = await paidOrder(harness, 'faster_bundle');
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

describe('when a listing is paused after 14 days and made public again', () => {
  const setStatus = (listingId: number, status: string, days: number) =>
    changeListingStatus(harness.database.db, {
      listingId,
      userSub: 'olive-owner',
      input: { status },
      now: at(days),
    });

  it('resumes the days left instead of also refunding them', async () => {
    const { paymentId, listingId } = await paidOrder(harness, 'featured_28');
    await setStatus(listingId, 'paused', 15);
    harness.clock.now = at(15.5);
    expect(await harness.payments.cancellationQuote({ user: owner, paymentId })).toMatchObject({
      isAllowed: true,
      amountPence: Math.floor((2999 * 13) / 28),
    });

    await setStatus(listingId, 'active', 16);
    harness.clock.now = at(16.5);
    expect(await harness.payments.cancellationQuote({ user: owner, paymentId })).toMatchObject({
      isAllowed: false,
      reason: 'The 14 days in which you could cancel this upgrade have passed.',
    });
    // The 13 days left when it was paused run from when it was made public again.
    expect(
      await harness.database.db.select().from(upgrades).where(eq(upgrades.listingId, listingId)),
    ).toMatchObject([{ endedEarlyAt: null, endedReason: null, endsAt: at(29) }]);
    const placements = await harness.payments.placements({ listingIds: [listingId] });
    expect(placements.get(listingId)?.featuredUntil).toEqual(at(29));
  });

  it('resumes them in the sweep when the listing became public by another path', async () => {
    const { listingId } = await paidOrder(harness, 'featured_28');
    await setStatus(listingId, 'paused', 15);
    await harness.database.db
      .update(listings)
      .set({ status: 'active' })
      .where(eq(listings.id, listingId));
    harness.clock.now = at(17);
    await harness.payments.sweepUpgrades();
    expect(
      await harness.database.db.select().from(upgrades).where(eq(upgrades.listingId, listingId)),
    ).toMatchObject([{ endedEarlyAt: null, endedReason: null, endsAt: at(30) }]);
  });

  it('does not resume days refunded while it was paused', async () => {
    const { paymentId, listingId } = await paidOrder(harness, 'featured_28');
    await setStatus(listingId, 'paused', 15);
    harness.clock.now = at(15.5);
    const quote = await harness.payments.cancellationQuote({ user: owner, paymentId });
    await harness.payments.cancel({
      user: owner,
      paymentId,
      input: { quotedPence: quote.amountPence, quotedAt: quote.quotedAt.toISOString() },
    });
    await setStatus(listingId, 'active', 16);
    expect(
      await harness.database.db.select().from(upgrades).where(eq(upgrades.listingId, listingId)),
    ).toMatchObject([{ endedEarlyAt: at(15), endedReason: 'cancelled' }]);
    harness.clock.now = at(16.5);
    const placements = await harness.payments.placements({ listingIds: [listingId] });
    expect(placements.get(listingId)?.featuredUntil).toBeUndefined();
  });
});

describe('placements', () => {
  it('stacks a second featured purchase after the first, and spends a bundle’s second bump on request', async () => {
    const first = await paidOrder(harness, 'featured_7');
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
