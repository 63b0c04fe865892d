import { desc, eq } from 'drizzle-orm';
import type { PaymentStatus } from '../../../domain/payments/payment-status.ts';
import { formatInvoiceNumber } from '../../../domain/payments/invoice-number.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { AppError } from '../../http/app-error.ts';
import type { Db } from './payment-records.ts';
import { invoices, orders, payments } from './schema.ts';

export interface MyPayment {
  paymentId: number;
  createdAt: Date;
  paidAt: Date | null;
  status: PaymentStatus;
  productName: string;
  listingId: number | null;
  listingTitle: string;
  amountPence: number;
  refundedPence: number;
  invoiceNumber: string | undefined;
}

/** The signed-in person's payments, newest first (the Payments tab of My account). */
export async function listMyPayments(
  db: Db,
  options: { user: SessionUser | null; limit?: number },
): Promise<MyPayment[]> {
  if (!options.user) throw new AppError('UNAUTHENTICATED', 'Sign in to see your payments.');
  const rows = await db
    .select({
      paymentId: payments.id,
      createdAt: payments.createdAt,
      paidAt: payments.paidAt,
      status: payments.status,
      productName: orders.productName,
      listingId: orders.listingId,
      listingTitle: orders.listingTitle,
      amountPence: payments.amountPence,
      refundedPence: payments.refundedPence,
      invoice: invoices.number,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(invoices, eq(invoices.paymentId, payments.id))
    .where(eq(orders.buyerSub, options.user.userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(Math.min(options.limit ?? 100, 500));
  return rows.map(({ invoice, ...row }) => ({
    ...row,
    invoiceNumber: invoice === null ? undefined : formatInvoiceNumber(invoice),
  }));
}
