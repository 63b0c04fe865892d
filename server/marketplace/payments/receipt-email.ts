import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { formatPence } from '../../../domain/format.ts';
import { defineJob } from '../../jobs/job-queue.ts';
import { escapeHtml } from '../../mail/escape-html.ts';
import type { Receipt } from './get-receipt.ts';
import { buildReceipt } from './get-receipt.ts';
import { orders, payments } from './schema.ts';

export const RECEIPT_JOB = 'payment-receipt';

export interface PaymentEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}
export type SendPaymentEmail = (email: PaymentEmail) => Promise<void>;

const london = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'long' });

/** The receipt e-mail: what was bought, the VAT invoice's figures, and a link to the receipt page. */
export function receiptEmail(receipt: Receipt, receiptUrl: string): Omit<PaymentEmail, 'to'> {
  const invoice = receipt.invoice!;
  const lines: [string, string][] = [
    ['Invoice number', invoice.number],
    ['Date of supply', london.format(new Date(`${invoice.supplyDate}T12:00:00Z`))],
    ['Upgrade', invoice.description],
    ...(invoice.discountPence > 0
      ? ([['Discount', `−${formatPence(invoice.discountPence)}`]] as [string, string][])
      : []),
    ['Net', formatPence(invoice.netPence)],
    [`VAT at ${invoice.vatRatePercent}%`, formatPence(invoice.vatPence)],
    ['Total paid', formatPence(invoice.grossPence)],
    ['Supplier', `${invoice.supplierName}, ${invoice.supplierAddress}`],
    ['VAT number', invoice.supplierVatNumber],
  ];
  const text = [
    'Thank you: your payment went through and your upgrade has started.',
    '',
    ...lines.map(([label, value]) => `${label}: ${value}`),
    '',
    'You can cancel within 14 days and get back the unused part:',
    receiptUrl,
  ].join('\n');
  const rows = lines
    .map(
      ([label, value]) =>
        `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = `<p>Thank you: your payment went through and your upgrade has started.</p><table>${rows}</table><p>You can cancel within 14 days and get back the unused part: <a href="${escapeHtml(receiptUrl)}">see your receipt</a>.</p>`;
  return { subject: `Your Roost receipt ${invoice.number}`, text, html };
}

/** Sends the receipt once a payment is paid (queued in the same transaction, retried on failure). */
export function createReceiptEmailJob(options: {
  db: Database;
  send: () => SendPaymentEmail | undefined;
  publicUrl: () => string;
}) {
  return defineJob({
    name: RECEIPT_JOB,
    payload: z.object({ paymentId: z.number().int().positive() }),
    maxAttempts: 8,
    async run({ paymentId }, { logger }) {
      const [record] = await options.db
        .select({ payment: payments, order: orders })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(eq(payments.id, paymentId));
      if (!record?.order.buyerEmail) {
        logger.warn({ paymentId }, 'payments: no e-mail address for the receipt');
        return;
      }
      const receipt = await buildReceipt(options.db, record, new Date());
      if (!receipt.invoice) throw new Error(`Payment ${paymentId} has no invoice yet`);
      const send = options.send();
      if (!send) throw new Error('No mail delivery is configured');
      const url = `${options.publicUrl()}/my-account/payments/${paymentId}`;
      await send({ to: record.order.buyerEmail, ...receiptEmail(receipt, url) });
    },
  });
}
