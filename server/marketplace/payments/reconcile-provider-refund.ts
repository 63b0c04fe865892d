import { and, eq } from 'drizzle-orm';
import { formatPence } from '../../../domain/format.ts';
import { PROVIDER_REQUESTER } from '../../../domain/payments/refunds.ts';
import { splitVat } from '../../../domain/payments/vat.ts';
import type { ProviderRefund } from './payment-provider.ts';
import { committedRefundsPence, lockPayment, type Db, type Tx } from './payment-records.ts';
import { recomputeRefunded, recordRefundState } from './record-refund-state.ts';
import { paymentAlerts, payments, refunds, type Refund } from './schema.ts';

/** Our refund the provider's news is about: by the provider's id, or by our id in its metadata. */
export async function findOurRefund(db: Db, news: ProviderRefund): Promise<Refund | undefined> {
  const [byProviderId] = await db
    .select()
    .from(refunds)
    .where(eq(refunds.providerRefundId, news.id));
  if (byProviderId) return byProviderId;
  const ourId = Number(news.metadata.roost_refund_id);
  if (!Number.isSafeInteger(ourId)) return undefined;
  const [byOurId] = await db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.id, ourId), eq(payments.providerPaymentId, news.paymentId)));
  return byOurId?.refund;
}

/**
 * A `refund.*` webhook: matched to our refund (the webhook can beat the API's answer); a refund
 * made at the provider itself (say in Stripe's dashboard) is recorded as one — unless it is more
 * than what remains of the payment, which Roost's books cannot hold: that is not recorded as a
 * refund but flagged for administrators (`payment_alerts`) to look into.
 */
export async function reconcileProviderRefund(
  tx: Tx,
  news: ProviderRefund,
  at: Date,
): Promise<{ paymentId: number | undefined; outcome: string }> {
  const record = await lockPayment(tx, { providerPaymentId: news.paymentId });
  if (!record) return { paymentId: undefined, outcome: 'ignored: not a Roost payment' };
  const { payment } = record;
  const known = await findOurRefund(tx, news);
  if (known) {
    const outcome = await recordRefundState(tx, known, {
      providerRefundId: news.id,
      status: news.status,
      at,
    });
    return { paymentId: payment.id, outcome };
  }
  const remaining = payment.amountPence - (await committedRefundsPence(tx, payment.id));
  const takesMoney = news.status === 'pending' || news.status === 'succeeded';
  if (takesMoney && news.amountPence > remaining) {
    const message = `The provider reports a refund of ${formatPence(news.amountPence)} (${news.id}, ${news.status}) but only ${formatPence(Math.max(0, remaining))} remains of this payment: not recorded as a refund. Check it at the provider.`;
    await tx
      .insert(paymentAlerts)
      .values({
        paymentId: payment.id,
        kind: 'refund_exceeds_remaining',
        providerRefundId: news.id,
        amountPence: news.amountPence,
        message,
      })
      .onConflictDoNothing({ target: paymentAlerts.providerRefundId });
    return { paymentId: payment.id, outcome: `flagged for administrators: ${message}` };
  }
  const [created] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      amountPence: news.amountPence,
      vatPence: splitVat(news.amountPence).vatPence,
      reason: 'provider',
      note: 'Refunded at the payment provider, not through Roost.',
      requestedBy: PROVIDER_REQUESTER,
      status: news.status,
      providerRefundId: news.id,
      providerStatusAt: at,
    })
    .returning();
  await recomputeRefunded(tx, payment.id);
  return {
    paymentId: payment.id,
    outcome: `refund ${created!.id} made at the provider recorded (${news.status})`,
  };
}
