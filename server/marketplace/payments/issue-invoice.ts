import { eq, sql } from 'drizzle-orm';
import { londonToday } from '../../../domain/dates.ts';
import { VAT_RATE_PERCENT, splitVat } from '../../../domain/payments/vat.ts';
import type { SupplierDetails } from './payments-config.ts';
import type { Tx } from './payment-records.ts';
import { invoiceCounter, invoices, type Invoice, type Order, type Payment } from './schema.ts';

/**
 * Issues the VAT invoice for a paid order, inside the transaction that marks it paid. The number
 * comes from the one counter row: the update locks it until this transaction ends, so concurrent
 * payments take consecutive numbers, and a rolled-back payment gives its number back — no gaps,
 * no duplicates.
 */
export async function issueInvoice(
  tx: Tx,
  options: { order: Order; payment: Payment; supplier: SupplierDetails; now: Date },
): Promise<Invoice> {
  const { order, payment, supplier, now } = options;
  const [existing] = await tx.select().from(invoices).where(eq(invoices.paymentId, payment.id));
  if (existing) return existing;
  const [counter] = await tx
    .update(invoiceCounter)
    .set({ lastNumber: sql`${invoiceCounter.lastNumber} + 1` })
    .where(eq(invoiceCounter.id, 1))
    .returning({ number: invoiceCounter.lastNumber });
  if (!counter) throw new Error('The invoice counter row is missing (see migration 0016_payments)');
  const { netPence, vatPence, grossPence } = splitVat(order.amountPence);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      number: counter.number,
      paymentId: payment.id,
      supplierName: supplier.name,
      supplierAddress: supplier.address,
      supplierVatNumber: supplier.vatNumber,
      customerName: order.buyerName,
      customerEmail: order.buyerEmail,
      supplyDate: londonToday(now),
      description: `${order.productName} for the listing “${order.listingTitle}”`,
      netPence,
      vatPence,
      grossPence,
      discountPence: order.discountPence,
      vatRatePercent: VAT_RATE_PERCENT,
      issuedAt: now,
    })
    .returning();
  return invoice!;
}
