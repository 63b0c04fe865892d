import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { payments } from '../../server/marketplace/payments/schema.ts';
import type { FakeStripe } from './fake-stripe.ts';
import { insertListing } from './listing-factory.ts';
import { checkoutKey, person, type PaymentsHarness } from './payments-harness.ts';

/**
 * Paid orders on a fixed calendar, for the refund and cancellation tests: Olive's listing, paid
 * through the real `stripe` SDK against a fake Stripe, the webhook delivered.
 */
export const owner = person('olive-owner');
const DAY = 86_400_000;
export const start = new Date('2026-11-02T09:00:00Z');
export const at = (days: number) => new Date(start.getTime() + days * DAY);

type StripeHarness = PaymentsHarness & { stripe: FakeStripe };

/** A paid order for a new listing of Olive's, paid at `start` (or when given). */
export async function paidOrder(
  harness: StripeHarness,
  productCode = 'featured_7',
  paidAt = start,
) {
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

export async function paymentRow(harness: PaymentsHarness, paymentId: number) {
  const [row] = await harness.database.db.select().from(payments).where(eq(payments.id, paymentId));
  return row!;
}
