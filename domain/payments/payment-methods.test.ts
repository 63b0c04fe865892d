import { describe, expect, it } from 'vitest';
import { paymentMethodsFor, testDeclineMessage } from './payment-methods.ts';

describe('the ways to pay shown in the footer and the checkout', () => {
  it('are Apple Pay, Google Pay and card with Stripe and with the test provider, none when off', () => {
    expect(paymentMethodsFor('stripe')).toEqual(['apple_pay', 'google_pay', 'card']);
    expect(paymentMethodsFor('test')).toEqual(['apple_pay', 'google_pay', 'card']);
    expect(paymentMethodsFor(null)).toEqual([]);
  });

  it('declines in the words of the wallet or card used', () => {
    expect(testDeclineMessage('card')).toBe('Your card was declined.');
    expect(testDeclineMessage('apple_pay')).toBe(
      'Apple Pay could not pay: the card in the wallet was declined.',
    );
  });
});
