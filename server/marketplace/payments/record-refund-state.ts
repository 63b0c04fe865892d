import { and, eq, sql } from 'drizzle-orm';
import { isSettled, settledStatus } from '../../../domain/payments/payment-status.ts';
import { isRefundStatusForward } from '../../../domain/payments/refunds.ts';
import type { ProviderRefund } from './payment-provider.ts';
import type { Tx } from './payment-records.ts';
import { payments, refunds, type Refund } from './schema.ts';

export interface RefundNews {
  providerRefundId: string;
  status: ProviderRefund['status'];
  failureMessage?: string;
  /** When the provider's event was created; absent for the provider's answer to our own call. */
  at?: Date;
}

/**
 * Records what the provider says of a refund, idempotently: the same news twice changes nothing,
 * the status only moves forward (`isRefundStatusForward`), news older than the last event applied
 * changes nothing, and the payment's refunded total is recomputed from the refunds table rather
 * than added to, so no order of events can count one twice or turn a refunded payment back.
 */
export async function recordRefundState(tx: Tx, refund: Refund, news: RefundNews): Promise<string> {
  const isOlder = isOlderNews(refund, news);
  const moves = !isOlder && isRefundStatusForward(knownStatus(refund), news.status);
  const status = moves ? news.status : refund.status;
  const changes = {
    ...(moves
      ? {
          status,
          providerStatusAt: news.at ?? refund.providerStatusAt,
          failureMessage:
            status === 'failed' ? (news.failureMessage ?? refund.failureMessage) : null,
        }
      : {}),
    ...(refund.providerRefundId !== news.providerRefundId
      ? { providerRefundId: news.providerRefundId }
      : {}),
  };
  if (Object.keys(changes).length > 0) {
    await tx.update(refunds).set(changes).where(eq(refunds.id, refund.id));
  }
  await recomputeRefunded(tx, refund.paymentId);
  if (moves) return `refund ${refund.id}: ${status}`;
  if (news.status === refund.status) return `refund ${refund.id}: no change (${status})`;
  return isOlder
    ? `refund ${refund.id}: no change (${news.status} is older news than ${refund.status})`
    : `refund ${refund.id}: no change (${news.status} cannot follow ${refund.status})`;
}

/**
 * Our refund's status as the provider last confirmed it. A refund we marked failed because the
 * call to the provider failed (so it never gave us its id) may still have been made there: its
 * news is taken as if the refund were pending.
 */
export function knownStatus(refund: Refund): Refund['status'] {
  return refund.providerRefundId === null ? 'pending' : refund.status;
}

/**
 * Whether news of a refund is checked with the provider before acting on it: news that would not
 * move it forward, and news that would take back a succeeded refund (Stripe documents that one
 * can fail later, but a late or stray event must not undo a refund the provider still has).
 */
export function needsReread(refund: Refund, news: RefundNews): boolean {
  if (isOlderNews(refund, news) || news.status === refund.status) return false;
  const from = knownStatus(refund);
  return from === 'succeeded' || !isRefundStatusForward(from, news.status);
}

function isOlderNews(refund: Refund, news: RefundNews): boolean {
  return (
    news.at !== undefined &&
    refund.providerStatusAt !== null &&
    news.at.getTime() < refund.providerStatusAt.getTime()
  );
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
