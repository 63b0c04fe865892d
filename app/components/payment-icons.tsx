import {
  paymentMethodsFor,
  type CheckoutKind,
  type PaymentMethod,
} from '@domain/payments/payment-methods';

/**
 * The ways to pay for upgrades that exist on this site: with Stripe, Apple Pay, Google Pay and
 * card; with the built-in test provider, test payments only; nothing when payments are off.
 */
export function PaymentIcons({ kind }: { kind: CheckoutKind }) {
  const methods = paymentMethodsFor(kind);
  if (methods.length === 0) return <p>Paid upgrades are not available at the moment.</p>;
  return (
    <ul className="payment-icons" aria-label="Payment methods we accept">
      {methods.map((method) => (
        <li key={method}>{ICONS[method]}</li>
      ))}
    </ul>
  );
}

const ICONS: Record<PaymentMethod, React.ReactNode> = {
  apple_pay: (
    <svg viewBox="0 0 60 38" width="60" height="38" role="img" aria-label="Apple Pay">
      <title>Apple Pay</title>
      <rect width="60" height="38" rx="6" fill="#000" />
      <path
        fill="#fff"
        d="M16.6 13.4c.6-.7 1-1.7.9-2.7-.9 0-1.9.6-2.5 1.3-.6.6-1 1.6-.9 2.6.9.1 1.9-.5 2.5-1.2zm.9 1.4c-1.4-.1-2.6.8-3.2.8-.7 0-1.7-.8-2.8-.7-1.4 0-2.8.8-3.5 2.1-1.5 2.6-.4 6.5 1.1 8.6.7 1 1.6 2.2 2.7 2.1 1.1 0 1.5-.7 2.8-.7s1.7.7 2.8.7c1.2 0 1.9-1 2.6-2.1.8-1.2 1.2-2.3 1.2-2.4 0 0-2.3-.9-2.3-3.5 0-2.2 1.8-3.2 1.9-3.3-1-1.5-2.6-1.7-3.3-1.6z"
      />
      <text
        x="24"
        y="25"
        fill="#fff"
        fontFamily="system-ui, sans-serif"
        fontSize="11"
        fontWeight="600"
      >
        Pay
      </text>
    </svg>
  ),
  google_pay: (
    <svg viewBox="0 0 60 38" width="60" height="38" role="img" aria-label="Google Pay">
      <title>Google Pay</title>
      <rect x=".5" y=".5" width="59" height="37" rx="6" fill="#fff" stroke="#767676" />
      <text x="8" y="24.5" fontFamily="system-ui, sans-serif" fontSize="12" fontWeight="700">
        <tspan fill="#4285F4">G</tspan>
        <tspan fill="#3c4043"> Pay</tspan>
      </text>
    </svg>
  ),
  card: (
    <svg viewBox="0 0 60 38" width="60" height="38" role="img" aria-label="Debit or credit card">
      <title>Debit or credit card</title>
      <rect width="60" height="38" rx="6" fill="#1a1f71" />
      <rect x="8" y="9" width="10" height="8" rx="2" fill="#f2c14e" />
      <path stroke="#fff" strokeWidth="2" d="M8 26h8m4 0h8m4 0h8" />
    </svg>
  ),
  test_card: (
    <svg
      viewBox="0 0 60 38"
      width="60"
      height="38"
      role="img"
      aria-label="Test card payments only (no money moves)"
    >
      <title>Test card payments only (no money moves)</title>
      <rect x=".5" y=".5" width="59" height="37" rx="6" fill="#fff" stroke="#767676" />
      <text
        x="10"
        y="24"
        fill="#3c4043"
        fontFamily="system-ui, sans-serif"
        fontSize="12"
        fontWeight="700"
      >
        TEST
      </text>
    </svg>
  ),
};
