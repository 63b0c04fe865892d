import {
  paymentMethodsFor,
  type CheckoutKind,
  type PaymentMethod,
} from '@domain/payments/payment-methods';

/**
 * The ways to pay for upgrades that exist on this site: with Stripe, Apple Pay, Google Pay and
 * card; with the built-in test provider, test payments only; nothing when payments are off.
 * The marks are static SVG files (`public/payment-methods/`), not markup in the page's script:
 * every page's footer shows them, and inline they were 1 KB of every page's JavaScript.
 */
export function PaymentIcons({ kind }: { kind: CheckoutKind }) {
  const methods = paymentMethodsFor(kind);
  if (methods.length === 0) return <p>Paid upgrades are not available at the moment.</p>;
  return (
    <ul className="payment-icons" aria-label="Payment methods we accept">
      {methods.map((method) => (
        <li key={method}>
          <img
            src={`/payment-methods/${MARKS[method].file}`}
            alt={MARKS[method].name}
            width="60"
            height="38"
            loading="lazy"
          />
        </li>
      ))}
    </ul>
  );
}

const MARKS: Record<PaymentMethod, { file: string; name: string }> = {
  apple_pay: { file: 'apple-pay.svg', name: 'Apple Pay' },
  google_pay: { file: 'google-pay.svg', name: 'Google Pay' },
  card: { file: 'card.svg', name: 'Debit or credit card' },
  test_card: { file: 'test-card.svg', name: 'Test card payments only (no money moves)' },
};
