import { describe, expect, it } from 'vitest';
import { checkoutInput } from './payment-inputs.ts';

const base = { productCode: 'featured_7', idempotencyKey: 'a'.repeat(20), startImmediately: true };

describe('the checkout promo code', () => {
  it('is optional, trimmed and upper-cased; blank means none', () => {
    expect(checkoutInput.parse(base).promoCode).toBeUndefined();
    expect(checkoutInput.parse({ ...base, promoCode: '  ' }).promoCode).toBeUndefined();
    expect(checkoutInput.parse({ ...base, promoCode: ' spring10 ' }).promoCode).toBe('SPRING10');
  });

  it('is at most 32 characters', () => {
    expect(checkoutInput.safeParse({ ...base, promoCode: 'X'.repeat(33) }).success).toBe(false);
    expect(checkoutInput.safeParse({ ...base, promoCode: 'X'.repeat(32) }).success).toBe(true);
  });
});
