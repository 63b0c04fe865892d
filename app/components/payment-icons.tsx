import {
  PAYMENT_METHOD_NAMES,
  paymentMethodsFor,
  type CheckoutKind,
  type PaymentMethod,
} from '@domain/payments/payment-methods';

/**
 * The ways to pay for upgrades that exist on this site: Apple Pay, Google Pay and card, with
 * Stripe or (said to be test payments) the built-in test provider; nothing when payments are off.
 * The marks are static SVG files (`public/payment-methods/`), not markup in the page's script:
 * every page's footer shows them, and inline they were 1 KB of every page's JavaScript.
 */
export function PaymentIcons({ kind }: { kind: CheckoutKind }) {
  const methods = paymentMethodsFor(kind);
  if (methods.length === 0) return <p>Paid upgrades are not available at the moment.</p>;
  const isTest = kind === 'test';
  return (
    <>
      <ul className="payment-icons" aria-label="Payment methods we accept">
        {methods.map((method) => (
          <li key={method}>
            <img
              src={`/payment-methods/${MARKS[method]}`}
              alt={`${PAYMENT_METHOD_NAMES[method]}${isTest ? ' (test mode)' : ''}`}
              width="60"
              height="38"
              loading="lazy"
            />
          </li>
        ))}
      </ul>
      {isTest ? (
        <p className="payment-icons__note">Test mode: payments are pretend and no money moves.</p>
      ) : null}
    </>
  );
}

const MARKS: Record<PaymentMethod, string> = {
  apple_pay: 'apple-pay.svg',
  google_pay: 'google-pay.svg',
  card: 'card.svg',
};
