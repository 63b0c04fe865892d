import { eq } from 'drizzle-orm';
import {
  CANCELLATION_DAYS,
  isWithinCancellationWindow,
} from '../../../domain/payments/cancellation.ts';
import { formatInvoiceNumber } from '../../../domain/payments/invoice-number.ts';
import type { PaymentStatus } from '../../../domain/payments/payment-status.ts';
import { REFUND_REASON_LABELS } from '../../../domain/payments/refunds.ts';
import { splitVat } from '../../../domain/payments/vat.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { loadBuyerPayment, type Db, type PaymentWithOrder } from './payment-records.ts';
import { computeQuote } from './cancel-order.ts';
import { invoices, type Upgrade } from './schema.ts';
import { refundsAndUpgradesOf } from './payment-records.ts';

export interface Receipt {
  paymentId: number;
  status: PaymentStatus;
  createdAt: Date;
  paidAt: Date | null;
  product: { code: string; name: string };
  listing: { id: number | null; title: string };
  buyer: { name: string | null; email: string | null };
  pricePence: number;
  discountPence: number;
  amountPence: number;
  netPence: number;
  vatPence: number;
  refundedPence: number;
  failureMessage: string | null;
  /** The VAT invoice, once paid. */
  invoice:
    | {
        number: string;
        supplierName: string;
        supplierAddress: string;
        supplierVatNumber: string;
        supplyDate: string;
        description: string;
        netPence: number;
        vatPence: number;
        grossPence: number;
        discountPence: number;
        vatRatePercent: number;
        issuedAt: Date;
      }
    | undefined;
  refunds: {
    id: number;
    amountPence: number;
    vatPence: number;
    status: string;
    reason: string;
    reasonLabel: string;
    createdAt: Date;
  }[];
  upgrades: Pick<
    Upgrade,
    | 'kind'
    | 'days'
    | 'startsAt'
    | 'endsAt'
    | 'usesTotal'
    | 'usesSpent'
    | 'endedEarlyAt'
    | 'endedReason'
  >[];
  immediateStart: { acknowledgedAt: Date; wording: string };
  /**
   * Once paid: the 14-day window, whether cancelling is possible now (as the cancellation itself
   * decides: not once cancelled or refunded in full), and when it was cancelled, if it was.
   */
  cancellation:
    | { windowEndsAt: Date; isOpen: boolean; canCancel: boolean; cancelledAt: Date | null }
    | undefined;
}

/** The buyer's receipt for one of their payments (`/my-account/payments/:id`). */
export async function getReceipt(
  db: Db,
  options: { user: SessionUser | null; paymentId: number; now?: Date },
): Promise<Receipt> {
  const record = await loadBuyerPayment(db, options.user, options.paymentId);
  return buildReceipt(db, record, options.now ?? new Date());
}

export async function buildReceipt(db: Db, record: PaymentWithOrder, now: Date): Promise<Receipt> {
  const { payment, order } = record;
  const [invoice] = await db.select().from(invoices).where(eq(invoices.paymentId, payment.id));
  const { refundRows, upgradeRows } = await refundsAndUpgradesOf(db, payment.id, order.id);
  const { netPence, vatPence } = splitVat(order.amountPence);
  const quote = payment.paidAt ? await computeQuote(db, record, now) : undefined;
  const cancelled = refundRows.find(
    (refund) =>
      refund.reason === 'cancellation' &&
      (refund.status === 'pending' || refund.status === 'succeeded'),
  );
  return {
    paymentId: payment.id,
    status: payment.status,
    createdAt: payment.createdAt,
    paidAt: payment.paidAt,
    product: { code: order.productCode, name: order.productName },
    listing: { id: order.listingId, title: order.listingTitle },
    buyer: { name: order.buyerName, email: order.buyerEmail },
    pricePence: order.pricePence,
    discountPence: order.discountPence,
    amountPence: order.amountPence,
    netPence,
    vatPence,
    refundedPence: payment.refundedPence,
    failureMessage: payment.failureMessage,
    invoice: invoice && {
      number: formatInvoiceNumber(invoice.number),
      supplierName: invoice.supplierName,
      supplierAddress: invoice.supplierAddress,
      supplierVatNumber: invoice.supplierVatNumber,
      supplyDate: invoice.supplyDate,
      description: invoice.description,
      netPence: invoice.netPence,
      vatPence: invoice.vatPence,
      grossPence: invoice.grossPence,
      discountPence: invoice.discountPence,
      vatRatePercent: invoice.vatRatePercent,
      issuedAt: invoice.issuedAt,
    },
    refunds: refundRows.map((refund) => ({
      id: refund.id,
      amountPence: refund.amountPence,
      vatPence: refund.vatPence,
      status: refund.status,
      reason: refund.reason,
      reasonLabel: REFUND_REASON_LABELS[refund.reason],
      createdAt: refund.createdAt,
    })),
    upgrades: upgradeRows.map((upgrade) => ({
      kind: upgrade.kind,
      days: upgrade.days,
      startsAt: upgrade.startsAt,
      endsAt: upgrade.endsAt,
      usesTotal: upgrade.usesTotal,
      usesSpent: upgrade.usesSpent,
      endedEarlyAt: upgrade.endedEarlyAt,
      endedReason: upgrade.endedReason,
    })),
    immediateStart: {
      acknowledgedAt: order.immediateStartAcknowledgedAt,
      wording: order.immediateStartWording,
    },
    cancellation: payment.paidAt
      ? {
          windowEndsAt: new Date(payment.paidAt.getTime() + CANCELLATION_DAYS * 86_400_000),
          isOpen: isWithinCancellationWindow(payment.paidAt, now),
          canCancel: quote?.isAllowed === true,
          cancelledAt: cancelled?.createdAt ?? null,
        }
      : undefined,
  };
}
