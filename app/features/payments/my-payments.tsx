import { Link } from 'react-router';
import { formatDate, formatPence } from '@domain/format';
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
        <div className="table-scroll">
          <table aria-labelledby="payments-heading">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Upgrade</th>
                <th scope="col">Listing</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Receipt</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((payment) => (
                <tr key={payment.paymentId} data-testid="my-payment">
                  <td>{formatDate(payment.createdAt)}</td>
                  <td>{payment.productName}</td>
                  <td>{payment.listingTitle}</td>
                  <td>
                    {formatPence(payment.amountPence)}
                    {payment.refundedPence > 0
                      ? ` (${formatPence(payment.refundedPence)} refunded)`
                      : ''}
                  </td>
                  <td>{PAYMENT_STATUS_LABELS[payment.status]}</td>
                  <td>
                    <Link to={`/my-account/payments/${payment.paymentId}`}>
                      {payment.invoiceNumber ?? 'View'}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
