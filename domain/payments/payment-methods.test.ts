import { describe, expect, it } from 'vitest';
import { paymentMethodsFor } from './payment-methods.ts';

describe('the ways to pay shown in the footer', () => {
  it('are card, Apple Pay and Google Pay only with Stripe', () => {
    expect(paymentMethodsFor('stripe')).toEqual(['apple_pay', 'google_pay', 'card']);
    expect(paymentMethodsFor('test')).toEqual(['test_card']);
    expect(paymentMethodsFor(null)).toEqual([]);
  });
});
