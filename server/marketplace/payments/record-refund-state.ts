import { and, eq, sql } from 'drizzle-orm';
import { isSettled, settledStatus } from '../../../domain/payments/payment-status.ts';
import { PROVIDER_REQUESTER } from '../../../domain/payments/refunds.ts';
import { splitVat } from '../../../domain/payments/vat.ts';
import type { ProviderRefund } from './payment-provider.ts';
import { lockPayment, type Tx } from './payment-records.ts';
import { payments, refunds, type Refund } from './schema.ts';

/**
 * Records what the provider says of a refund, idempotently: the same news twice changes nothing,
 * a refund never goes back to pending, and the payment's refunded total is recomputed from the
 * refunds table rather than added to, so no order of events can count one twice.
 */
export async function recordRefundState(
  tx: Tx,
  refund: Refund,
  news: { providerRefundId: string; status: ProviderRefund['status']; failureMessage?: string },
): Promise<string> {
  const status =
    news.status === 'pending' && refund.status !== 'pending' ? refund.status : news.status;
  if (status !== refund.status || refund.providerRefundId !== news.providerRefundId) {
    await tx
      .update(refunds)
      .set({
        status,
        providerRefundId: news.providerRefundId,
        failureMessage: status === 'failed' ? (news.failureMessage ?? refund.failureMessage) : null,
      })
      .where(eq(refunds.id, refund.id));
  }
  await recomputeRefunded(tx, refund.paymentId);
  return status === refund.status
    ? `refund ${refund.id}: no change (${status})`
    : `refund ${refund.id}: ${status}`;
}

export async function recomputeRefunded(tx: Tx, paymentId: number): Promise<void> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) return;
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${refunds.amountPence}), 0)::integer` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'succeeded')));
  const refundedPence = row?.total ?? 0;
  const status = isSettled(payment.status)
    ? settledStatus(payment.amountPence, refundedPence)
    : payment.status;
  if (refundedPence !== payment.refundedPence || status !== payment.status) {
    await tx.update(payments).set({ refundedPence, status }).where(eq(payments.id, paymentId));
  }
}

/**
 * A `refund.*` webhook: matched to our refund by the provider's id, or by our id in its metadata
 * (the webhook can beat the API's answer); a refund made at the provider itself (say in Stripe's
 * dashboard) is recorded as one.
 */
export async function reconcileProviderRefund(
  tx: Tx,
  news: ProviderRefund,
): Promise<{ paymentId: number | undefined; outcome: string }> {
  const record = await lockPayment(tx, { providerPaymentId: news.paymentId });
  if (!record) return { paymentId: undefined, outcome: 'ignored: not a Roost payment' };
  const paymentId = record.payment.id;
  const ourId = Number(news.metadata.roost_refund_id);
  const [byProviderId] = await tx
    .select()
    .from(refunds)
    .where(eq(refunds.providerRefundId, news.id));
  const [byOurId] =
    byProviderId || !Number.isSafeInteger(ourId)
      ? []
      : await tx
          .select()
          .from(refunds)
          .where(and(eq(refunds.id, ourId), eq(refunds.paymentId, paymentId)));
  const known = byProviderId ?? byOurId;
  if (known) {
    return {
      paymentId,
      outcome: await recordRefundState(tx, known, {
        providerRefundId: news.id,
        status: news.status,
      }),
    };
  }
  const [created] = await tx
    .insert(refunds)
    .values({
      paymentId,
      amountPence: news.amountPence,
      vatPence: splitVat(news.amountPence).vatPence,
      reason: 'provider',
      note: 'Refunded at the payment provider, not through Roost.',
      requestedBy: PROVIDER_REQUESTER,
      status: news.status,
      providerRefundId: news.id,
    })
    .returning();
  await recomputeRefunded(tx, paymentId);
  return {
    paymentId,
    outcome: `refund ${created!.id} made at the provider recorded (${news.status})`,
  };
}
