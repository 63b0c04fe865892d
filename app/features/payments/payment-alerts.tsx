import { Link } from 'react-router';
import { formatDateTime } from '@domain/format';

interface AlertRow {
  id: number;
  paymentId: number;
  message: string;
  createdAt: Date | string;
}

/**
 * What the payment provider reported that Roost would not record as it stands (a refund larger
 * than what remains of the payment): for an administrator to check at the provider.
 */
export function PaymentAlerts({
  alerts,
  linkToPayment,
}: {
  alerts: AlertRow[];
  linkToPayment: boolean;
}) {
  if (alerts.length === 0) return null;
  return (
    <section className="alert alert--error" aria-labelledby="payment-alerts-title">
      <h3 id="payment-alerts-title">Needs checking at the payment provider</h3>
      <ul>
        {alerts.map((alert) => (
          <li key={alert.id} data-testid="payment-alert">
            {formatDateTime(alert.createdAt)}
            {linkToPayment ? (
              <>
                {' '}
                (
                <Link to={`/admin-portal/user-payments/${alert.paymentId}`}>
                  payment {alert.paymentId}
                </Link>
                )
              </>
            ) : null}
            : {alert.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
