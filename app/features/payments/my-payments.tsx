import { Link } from 'react-router';
import { formatDate, formatPence } from '@domain/format';
import { DataTable, type Column } from '~/components/data-table';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@domain/payments/payment-status';

interface MyPaymentRow {
  paymentId: number;
  createdAt: Date | string;
  status: PaymentStatus;
  productName: string;
  listingTitle: string;
  amountPence: number;
  refundedPence: number;
  invoiceNumber: string | undefined;
}

const MY_PAYMENT_COLUMNS: readonly Column<MyPaymentRow>[] = [
  { header: 'Date', cell: (payment) => formatDate(payment.createdAt) },
  { header: 'Upgrade', cell: (payment) => payment.productName },
  { header: 'Listing', cell: (payment) => payment.listingTitle },
  {
    header: 'Amount',
    cell: (payment) =>
      `${formatPence(payment.amountPence)}${
        payment.refundedPence > 0 ? ` (${formatPence(payment.refundedPence)} refunded)` : ''
      }`,
  },
  { header: 'Status', cell: (payment) => PAYMENT_STATUS_LABELS[payment.status] },
  {
    header: 'Receipt',
    cell: (payment) => (
      <Link to={`/my-account/payments/${payment.paymentId}`}>
        {payment.invoiceNumber ?? 'View'}
      </Link>
    ),
  },
];

/** My account's Payments tab: every upgrade the user paid for (or started to), newest first. */
export function MyPayments({ payments }: { payments: MyPaymentRow[] }) {
  return (
    <section className="card my-payments" aria-labelledby="payments-heading" id="payments">
      <h2 id="payments-heading">Payments</h2>
      {payments.length === 0 ? (
        <p>
          No payments. Listing is free; see <Link to="/pricing">optional upgrades</Link>.
        </p>
      ) : (
        <DataTable
          rows={payments}
          rowKey={(payment) => payment.paymentId}
          labelledBy="payments-heading"
          rowTestId="my-payment"
          columns={MY_PAYMENT_COLUMNS}
        />
      )}
    </section>
  );
}
