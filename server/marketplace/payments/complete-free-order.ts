import { grantUpgrades } from './grant-upgrades.ts';
import { issueInvoice } from './issue-invoice.ts';
import type { SupplierDetails } from './payments-config.ts';
import { enqueueJobInTransaction, type Tx } from './payment-records.ts';
import { RECEIPT_JOB } from './receipt-email.ts';
import { payments, type Invoice, type Payment, type Order } from './schema.ts';

/**
 * Completes a £0 order (a complimentary upgrade, or a 100 % promo code) without a card: a
 * payment with provider `none` is recorded as paid at once, the upgrades are granted and a £0
 * invoice (showing the discount) takes the next number — all in the caller's transaction, so an
 * order is never left half done. The receipt e-mail is queued when asked (buyers), not for
 * complimentary grants.
 */
export async function completeFreeOrder(
  tx: Tx,
  options: { order: Order; supplier: SupplierDetails; now: Date; sendReceipt: boolean },
): Promise<{ payment: Payment; invoice: Invoice; granted: number }> {
  const { order, supplier, now } = options;
  if (order.amountPence !== 0) throw new Error('Only £0 orders complete without a payment');
  const [payment] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      provider: 'none',
      providerPaymentId: `free-${order.id}`,
      status: 'paid',
      amountPence: 0,
      paidAt: now,
    })
    .returning();
  const granted = await grantUpgrades(tx, order, now);
  const invoice = await issueInvoice(tx, { order, payment: payment!, supplier, now });
  if (options.sendReceipt) {
    await enqueueJobInTransaction(tx, {
      name: RECEIPT_JOB,
      payload: { paymentId: payment!.id },
      dedupeKey: `${RECEIPT_JOB}:${payment!.id}`,
    });
  }
  return { payment: payment!, invoice, granted };
}
