import { describe, expect, it } from 'vitest';
import { newPromoCode, PROMO_CODE_MAX_LENGTH, typedPromoCode } from './promo-code.ts';

describe('the promo-code rule', () => {
  it('reads a code as created and as typed alike: trimmed and upper-cased', () => {
    expect(newPromoCode.parse(' spring-25 ')).toBe('SPRING-25');
    expect(typedPromoCode.parse(' spring-25 ')).toBe('SPRING-25');
  });

  it('lets any code an administrator can create be typed, and no longer one', () => {
    const longest = 'A'.repeat(PROMO_CODE_MAX_LENGTH);
    expect(newPromoCode.safeParse(longest).success).toBe(true);
    expect(typedPromoCode.safeParse(longest).success).toBe(true);
    expect(newPromoCode.safeParse(`${longest}A`).success).toBe(false);
    expect(typedPromoCode.safeParse(`${longest}A`).error?.issues[0]?.message).toBe(
      'Promo codes are at most 32 characters',
    );
  });

  it('creates only codes of letters, digits, - and _', () => {
    expect(newPromoCode.safeParse('AB').error?.issues[0]?.message).toBe(
      'Use 3 to 32 letters, digits, - or _',
    );
    expect(newPromoCode.safeParse('-ABC').success).toBe(false);
    expect(newPromoCode.safeParse('TEN OFF').success).toBe(false);
  });
});
