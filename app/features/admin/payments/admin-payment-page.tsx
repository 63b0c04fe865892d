import { Link } from 'react-router';
import { formatPence } from '@domain/format';
import { PaymentAlerts } from '~/features/payments/payment-alerts';
import { PaymentFacts, PaymentHistory, type PaymentDetail } from './payment-facts';
import { RefundForm, type RefundFailure } from './refund-form';

interface AdminPaymentPageProps {
  detail: PaymentDetail;
  idempotencyKey: string;
  /** The refund just made, or the one refused. */
  outcome: { message: string } | RefundFailure | undefined;
  isBusy: boolean;
}

/** One payment for administrators: receipt, timeline, refunds, and the refund form. */
export function AdminPaymentPage({
  detail,
  idempotencyKey,
  outcome,
  isBusy,
}: AdminPaymentPageProps) {
  const { receipt } = detail;
  const failure = outcome && 'error' in outcome ? outcome : null;
  const message = outcome && 'message' in outcome ? outcome.message : null;
  return (
    <section className="card admin-section admin-payments" aria-labelledby="admin-section-title">
      <p className="breadcrumbs">
        <Link to="/admin-portal/user-payments/">User payments</Link> › Payment {receipt.paymentId}
      </p>
      <h2 id="admin-section-title">
        {receipt.product.name} · {formatPence(receipt.amountPence)}
      </h2>
      {message ? (
        <div className="alert alert--success" role="status">
          <p>{message}</p>
        </div>
      ) : null}
      <PaymentAlerts alerts={detail.alerts} linkToPayment={false} />
      <PaymentFacts detail={detail} />
      <PaymentHistory detail={detail} />
      {detail.refundablePence > 0 ? (
        <RefundForm
          refundablePence={detail.refundablePence}
          idempotencyKey={idempotencyKey}
          failure={failure}
          isBusy={isBusy}
        />
      ) : (
        <p>Nothing is left to refund.</p>
      )}
    </section>
  );
}
