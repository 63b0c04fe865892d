/** Which checkout takes payments: Stripe, the built-in test page, or none (payments off). */
export type CheckoutKind = 'stripe' | 'test' | null;

export type PaymentMethod = 'card' | 'apple_pay' | 'google_pay' | 'test_card';

/**
 * The ways to pay that really exist, for the footer: Stripe's Payment and Express Checkout
 * Elements offer card, Apple Pay and Google Pay; the test provider takes only pretend cards.
 */
export function paymentMethodsFor(kind: CheckoutKind): PaymentMethod[] {
  switch (kind) {
    case 'stripe':
      return ['apple_pay', 'google_pay', 'card'];
    case 'test':
      return ['test_card'];
    default:
      return [];
  }
}
