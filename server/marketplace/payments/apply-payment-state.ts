import { eq } from 'drizzle-orm';
import { formatInvoiceNumber } from '../../../domain/payments/invoice-number.ts';
import { isSettled, type PaymentStatus } from '../../../domain/payments/payment-status.ts';
import type { Logger } from '../../logger.ts';
import { grantUpgrades } from './grant-upgrades.ts';
import { issueInvoice } from './issue-invoice.ts';
import type { ProviderPayment } from './payment-provider.ts';
import { enqueueJobInTransaction, type PaymentWithOrder, type Tx } from './payment-records.ts';
import type { SupplierDetails } from './payments-config.ts';
import { RECEIPT_JOB } from './receipt-email.ts';
import { payments } from './schema.ts';

export interface PaymentStateSettings {
  supplier: SupplierDetails;
  logger: Logger;
  now: Date;
}

/**
 * Brings our payment (locked by the caller) in line with the provider's current state, read
 * afresh — never with what one event said, so events arriving late or out of order are
 * harmless. Paid is final here (only refunds move it on); succeeded marks it paid, grants the
 * upgrades, issues the invoice and queues the receipt, all in the caller's transaction.
 * Returns what it did, for the payment's timeline.
 */
export async function applyPaymentState(
  tx: Tx,
  settings: PaymentStateSettings,
  record: PaymentWithOrder,
  current: ProviderPayment,
): Promise<string> {
  const { payment, order } = record;
  if (isSettled(payment.status) || payment.status === 'canceled') {
    return `no change: already ${payment.status}`;
  }
  const set = async (status: PaymentStatus, failureMessage: string | null = null) => {
    if (status === payment.status && failureMessage === payment.failureMessage) {
      return `no change: ${status}`;
    }
    await tx.update(payments).set({ status, failureMessage }).where(eq(payments.id, payment.id));
    return failureMessage ? `${status}: ${failureMessage}` : status;
  };
  switch (current.status) {
    case 'succeeded': {
      if (
        current.amountReceivedPence !== payment.amountPence ||
        current.currency !== order.currency
      ) {
        settings.logger.error(
          {
            paymentId: payment.id,
            received: current.amountReceivedPence,
            currency: current.currency,
          },
          'payments: amount received differs from the order; nothing granted',
        );
        return `not granted: received ${current.amountReceivedPence} ${current.currency}, expected ${payment.amountPence} ${order.currency}`;
      }
      const paidAt = settings.now;
      await tx
        .update(payments)
        .set({ status: 'paid', paidAt, failureMessage: null })
        .where(eq(payments.id, payment.id));
      const paid = { ...payment, status: 'paid' as const, paidAt };
      const granted = await grantUpgrades(tx, order, paidAt);
      const invoice = await issueInvoice(tx, {
        order,
        payment: paid,
        supplier: settings.supplier,
        now: paidAt,
      });
      await enqueueJobInTransaction(tx, {
        name: RECEIPT_JOB,
        payload: { paymentId: payment.id },
        dedupeKey: `${RECEIPT_JOB}:${payment.id}`,
      });
      return `paid: ${granted} upgrade(s) granted, invoice ${formatInvoiceNumber(invoice.number)}`;
    }
    case 'requires_action':
      return set('requires_action');
    case 'processing':
      return set('processing');
    case 'canceled':
      return set('canceled', current.failureMessage ?? null);
    case 'requires_payment_method':
      // With an error, the last attempt was declined; the buyer may try again.
      return current.failureMessage
        ? set('failed', current.failureMessage)
        : `no change: ${payment.status}`;
    default:
      return `no change: provider says ${current.status}`;
  }
}
