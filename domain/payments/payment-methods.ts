/** Which checkout takes payments: Stripe, the built-in test page, or none (payments off). */
export type CheckoutKind = 'stripe' | 'test' | null;

/** The ways to pay the checkout offers: two wallets and a card. */
export const PAYMENT_METHODS = ['apple_pay', 'google_pay', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  card: 'Debit or credit card',
};

/**
 * The ways to pay that exist, for the footer and the checkout: Stripe's Payment and Express
 * Checkout Elements offer card, Apple Pay and Google Pay; the built-in test provider offers the
 * same three as tests (no money moves), so the whole wallet path can be tried offline.
 */
export function paymentMethodsFor(kind: CheckoutKind): PaymentMethod[] {
  return kind === null ? [] : [...PAYMENT_METHODS];
}

/** What a declined test payment says, as the wallet or card would. */
export function testDeclineMessage(method: PaymentMethod): string {
  return method === 'card'
    ? 'Your card was declined.'
    : `${PAYMENT_METHOD_NAMES[method]} could not pay: the card in the wallet was declined.`;
}
