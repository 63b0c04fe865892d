import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { isSettled } from '../../../domain/payments/payment-status.ts';
import type { RefundReason } from '../../../domain/payments/refunds.ts';
import { formatPence } from '../../../domain/format.ts';
import { splitVat } from '../../../domain/payments/vat.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';
import type { Logger } from '../../logger.ts';
import type { PaymentProvider, RefundRequest } from './payment-provider.ts';
import { committedRefundsPence, lockPayment, type Tx } from './payment-records.ts';
import { recordRefundState } from './record-refund-state.ts';
import { refunds, upgrades, type Refund } from './schema.ts';

export interface RefundDeps {
  db: Database;
  provider: PaymentProvider | undefined;
  logger: Logger;
}

export interface RefundOrder {
  paymentId: number;
  /** Undefined: everything that remains. */
  amountPence: number | undefined;
  reason: RefundReason;
  note: string;
  requestedBy: string;
  requesterEmail: string | null;
  /** The administrator who asked, recorded in the audit log with the refund. */
  admin?: SessionUser;
  idempotencyKey?: string | undefined;
  /** Also end the order's upgrades (a cancellation; a full refund always does). */
  endUpgrades?: 'cancelled' | 'refunded';
  now: Date;
}

const PROVIDER_REASON: Partial<Record<RefundReason, RefundRequest['reason']>> = {
  duplicate: 'duplicate',
  fraudulent: 'fraudulent',
};

/**
 * Refunds part or all of a paid payment, in three steps so no network call holds a lock:
 * (1) with the payment locked, check what remains (refunds under way count) and write the
 * refund as pending; (2) ask the provider, with our refund's id as the idempotency key;
 * (3) record its answer. Two administrators refunding at once take turns at step 1, so
 * together they can never refund more than was paid.
 */
export async function makeRefund(deps: RefundDeps, order: RefundOrder): Promise<Refund> {
  const { db } = deps;
  const pending = await db.transaction((tx) => reserveRefund(tx, order));
  if (!pending.isNew) return pending.refund;
  const refund = pending.refund;

  const answer = await askProvider(deps, pending, order.reason);

  return db.transaction(async (tx) => {
    await lockPayment(tx, { id: refund.paymentId });
    const [latest] = await tx.select().from(refunds).where(eq(refunds.id, refund.id));
    await recordRefundState(tx, latest!, { providerRefundId: answer.id, status: answer.status });
    if (pending.endReason && answer.status !== 'failed' && answer.status !== 'canceled') {
      await endOrderUpgrades(tx, pending.orderId, pending.endReason, order.now);
    }
    const [done] = await tx.select().from(refunds).where(eq(refunds.id, refund.id));
    return done!;
  });
}

/**
 * Step 1, with the payment locked: the refund written as pending, or the one already made with
 * the same idempotency key; refused if it would take more than remains.
 */
async function reserveRefund(tx: Tx, order: RefundOrder) {
  const record = await lockPayment(tx, { id: order.paymentId });
  if (!record) throw new AppError('NOT_FOUND', 'No such payment.');
  const { payment } = record;
  if (order.idempotencyKey) {
    const [again] = await tx
      .select()
      .from(refunds)
      .where(
        and(eq(refunds.paymentId, payment.id), eq(refunds.idempotencyKey, order.idempotencyKey)),
      );
    if (again) {
      return {
        refund: again,
        isNew: false,
        providerPaymentId: payment.providerPaymentId,
        orderId: record.order.id,
        endReason: undefined,
      };
    }
  }
  if (!isSettled(payment.status)) {
    throw new AppError('CONFLICT', 'Only a paid payment can be refunded.');
  }
  const remaining = payment.amountPence - (await committedRefundsPence(tx, payment.id));
  if (remaining <= 0) {
    throw new AppError('CONFLICT', 'This payment has already been refunded in full.');
  }
  const amountPence = order.amountPence ?? remaining;
  if (amountPence > remaining) {
    throw new AppError('VALIDATION_FAILED', `At most ${formatPence(remaining)} can be refunded.`, {
      amountPence: `At most ${formatPence(remaining)} is left to refund`,
    });
  }
  const [refund] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      amountPence,
      vatPence: splitVat(amountPence).vatPence,
      reason: order.reason,
      note: order.note,
      requestedBy: order.requestedBy,
      requesterEmail: order.requesterEmail,
      idempotencyKey: order.idempotencyKey ?? null,
      createdAt: order.now,
    })
    .returning();
  if (order.admin) {
    await recordAdminAction(tx, {
      admin: order.admin,
      action: 'payment.refund',
      target: { type: 'payment', id: payment.id },
      reason: order.reason,
      details: { refundId: refund!.id, amountPence, note: order.note },
      at: order.now,
    });
  }
  const endReason: RefundOrder['endUpgrades'] =
    order.endUpgrades ?? (amountPence === remaining ? 'refunded' : undefined);
  return {
    refund: refund!,
    isNew: true,
    providerPaymentId: payment.providerPaymentId,
    orderId: record.order.id,
    endReason,
  };
}

/** Step 2: the provider's answer; a refusal marks the refund failed (unless already settled). */
async function askProvider(
  deps: RefundDeps,
  { refund, providerPaymentId }: { refund: Refund; providerPaymentId: string },
  reason: RefundReason,
) {
  const { db } = deps;
  try {
    if (!deps.provider) throw new Error('No payment provider is configured');
    return await deps.provider.refund({
      paymentId: providerPaymentId,
      amountPence: refund.amountPence,
      idempotencyKey: `roost-refund-${refund.id}`,
      refundId: refund.id,
      reason: PROVIDER_REASON[reason] ?? 'requested_by_customer',
    });
  } catch (error) {
    deps.logger.error(
      { err: error, refundId: refund.id },
      'payments: the provider refused a refund',
    );
    const message = error instanceof Error ? error.message.slice(0, 500) : String(error);
    await db.transaction(async (tx) => {
      const [latest] = await tx
        .select()
        .from(refunds)
        .where(eq(refunds.id, refund.id))
        .for('update');
      // The refund webhook may already have told us it went through.
      if (latest?.status === 'pending') {
        await tx
          .update(refunds)
          .set({ status: 'failed', failureMessage: message })
          .where(eq(refunds.id, refund.id));
      }
    });
    throw new AppError(
      'UNAVAILABLE',
      'The payment provider did not take the refund, so nothing was refunded. Please try again later.',
    );
  }
}

/**
 * Ends what is left of a refunded or cancelled order's upgrades: no further placement. Those
 * already ended because the listing stopped being public are marked too, so making the listing
 * public again does not resume days that were refunded.
 */
async function endOrderUpgrades(
  tx: Tx,
  orderId: number,
  reason: 'cancelled' | 'refunded',
  now: Date,
): Promise<void> {
  await tx
    .update(upgrades)
    .set({
      endedEarlyAt: sql`coalesce(${upgrades.endedEarlyAt}, ${now.toISOString()}::timestamptz)`,
      endedReason: reason,
    })
    .where(
      and(
        eq(upgrades.orderId, orderId),
        or(
          and(
            isNull(upgrades.endedEarlyAt),
            or(gt(upgrades.endsAt, now), sql`${upgrades.usesSpent} < ${upgrades.usesTotal}`),
          ),
          eq(upgrades.endedReason, 'listing_not_public'),
        ),
      ),
    );
}
