import { asc, eq } from 'drizzle-orm';
import { REFUND_REASON_LABELS } from '../../../domain/payments/refunds.ts';
import { formatPence } from '../../../domain/format.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { AppError } from '../../http/app-error.ts';
import { buildReceipt, type Receipt } from './get-receipt.ts';
import { findPayment, type Db } from './payment-records.ts';
import { paymentAlerts, webhookEvents, type PaymentAlert } from './schema.ts';
import { assertPaymentsAdmin } from './require-payments-admin.ts';
import { refundsAndUpgradesOf } from './payment-records.ts';

type PaymentRecord = NonNullable<Awaited<ReturnType<typeof findPayment>>>;
type RefundsAndUpgrades = Awaited<ReturnType<typeof refundsAndUpgradesOf>>;

export interface TimelineEntry {
  at: Date;
  kind: 'created' | 'webhook' | 'paid' | 'refund' | 'upgrade_ended';
  text: string;
}

export interface AdminPaymentDetail {
  receipt: Receipt;
  provider: 'stripe' | 'test' | 'none';
  providerPaymentId: string;
  buyerSub: string;
  refunds: (Receipt['refunds'][number] & {
    note: string;
    requestedBy: string;
    requesterEmail: string | null;
    failureMessage: string | null;
  })[];
  timeline: TimelineEntry[];
  /** What is left to refund (refunds under way count as taken). */
  refundablePence: number;
  /** What the provider reported that Roost would not record (a refund larger than what remains). */
  alerts: PaymentAlert[];
}

/** Administrators: one payment, with everything that happened to it in order. */
export async function getPaymentDetail(
  db: Db,
  options: { user: SessionUser | null; paymentId: number; now?: Date },
): Promise<AdminPaymentDetail> {
  assertPaymentsAdmin(options.user);
  const record = await findPayment(db, options.paymentId);
  if (!record) throw new AppError('NOT_FOUND', 'No such payment.');
  const { payment, order } = record;
  const receipt = await buildReceipt(db, record, options.now ?? new Date());
  const events = await db
    .select()
    .from(webhookEvents)
    .where(eq(webhookEvents.paymentId, payment.id))
    .orderBy(asc(webhookEvents.receivedAt), asc(webhookEvents.id));
  const { refundRows, upgradeRows: ended } = await refundsAndUpgradesOf(db, payment.id, order.id);
  const alerts = await db
    .select()
    .from(paymentAlerts)
    .where(eq(paymentAlerts.paymentId, payment.id))
    .orderBy(asc(paymentAlerts.createdAt), asc(paymentAlerts.id));

  const timeline = timelineOf({ payment, order, events, refundRows, ended });

  const taken = refundRows
    .filter((refund) => refund.status === 'pending' || refund.status === 'succeeded')
    .reduce((sum, refund) => sum + refund.amountPence, 0);
  return {
    receipt,
    provider: payment.provider,
    providerPaymentId: payment.providerPaymentId,
    buyerSub: order.buyerSub,
    refunds: refundRows.map((refund) => ({
      id: refund.id,
      amountPence: refund.amountPence,
      vatPence: refund.vatPence,
      status: refund.status,
      reason: refund.reason,
      reasonLabel: REFUND_REASON_LABELS[refund.reason],
      createdAt: refund.createdAt,
      note: refund.note,
      requestedBy: refund.requestedBy,
      requesterEmail: refund.requesterEmail,
      failureMessage: refund.failureMessage,
    })),
    timeline,
    alerts,
    refundablePence:
      receipt.status === 'paid' || receipt.status === 'partially_refunded'
        ? Math.max(0, payment.amountPence - taken)
        : 0,
  };
}

/** Everything that happened to a payment, oldest first. */
function timelineOf({
  payment,
  order,
  events,
  refundRows,
  ended,
}: {
  payment: PaymentRecord['payment'];
  order: PaymentRecord['order'];
  events: (typeof webhookEvents.$inferSelect)[];
  refundRows: RefundsAndUpgrades['refundRows'];
  ended: RefundsAndUpgrades['upgradeRows'];
}): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    {
      at: payment.createdAt,
      kind: 'created' as const,
      text: `Checkout started for ${order.productName} (${formatPence(order.amountPence)}); start at once requested`,
    },
    ...events.map((event) => ({
      at: event.receivedAt,
      kind: 'webhook' as const,
      text: `Webhook ${event.type} (${event.providerEventId}): ${event.outcome}`,
    })),
    ...(payment.paidAt
      ? [
          {
            at: payment.paidAt,
            kind: 'paid' as const,
            text: `Paid ${formatPence(payment.amountPence)}`,
          },
        ]
      : []),
    ...refundRows.map((refund) => ({
      at: refund.createdAt,
      kind: 'refund' as const,
      text: `Refund of ${formatPence(refund.amountPence)} (${REFUND_REASON_LABELS[refund.reason]}) ${refund.status}${refund.note ? `: ${refund.note}` : ''}`,
    })),
    ...ended.flatMap((upgrade) =>
      upgrade.endedEarlyAt
        ? [
            {
              at: upgrade.endedEarlyAt,
              kind: 'upgrade_ended' as const,
              text: `${upgrade.kind} ended early (${upgrade.endedReason})`,
            },
          ]
        : [],
    ),
  ];
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime());
}
