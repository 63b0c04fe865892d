import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOGUE, PRODUCT_CODES } from './catalogue.ts';
import { isWithinCancellationWindow, proRataRefundPence, unusedFraction } from './cancellation.ts';
import { formatPence } from '../format.ts';
import { splitVat } from './vat.ts';

const DAY = 24 * 60 * 60 * 1000;
const start = new Date('2026-11-01T10:00:00Z');
const at = (days: number) => new Date(start.getTime() + days * DAY);

describe('VAT', () => {
  it('takes one sixth of a VAT-inclusive price, to the nearest penny, with net + VAT = gross', () => {
    expect(splitVat(999)).toEqual({ grossPence: 999, netPence: 832, vatPence: 167 });
    expect(splitVat(3999)).toEqual({ grossPence: 3999, netPence: 3332, vatPence: 667 });
    expect(splitVat(600)).toEqual({ grossPence: 600, netPence: 500, vatPence: 100 });
    expect(splitVat(0)).toEqual({ grossPence: 0, netPence: 0, vatPence: 0 });
  });

  it('refuses amounts that are not whole pence', () => {
    expect(() => splitVat(9.99)).toThrow(RangeError);
    expect(() => splitVat(-1)).toThrow(RangeError);
  });

  it('formats pence as pounds', () => {
    expect(formatPence(999)).toBe('£9.99');
    expect(formatPence(3999)).toBe('£39.99');
    expect(formatPence(0)).toBe('£0.00');
  });
});

describe('the catalogue', () => {
  it('has every product once, priced in whole pence, as the pricing page states', () => {
    expect(DEFAULT_CATALOGUE.map((product) => product.code)).toEqual([...PRODUCT_CODES]);
    expect(
      Object.fromEntries(DEFAULT_CATALOGUE.map((product) => [product.code, product.pricePence])),
    ).toEqual({
      featured_7: 999,
      featured_14: 1799,
      featured_28: 2999,
      bump: 499,
      showcase_7: 2499,
      alert_boost: 1499,
      faster_bundle: 3999,
    });
  });

  it('gives the bundle 28 featured days, 2 bumps and 1 alert boost', () => {
    const bundle = DEFAULT_CATALOGUE.find((product) => product.code === 'faster_bundle')!;
    expect(bundle.entitlements).toEqual([
      { kind: 'featured', days: 28 },
      { kind: 'bump', uses: 2 },
      { kind: 'alert_boost', uses: 1 },
    ]);
  });
});

describe('cancelling within 14 days', () => {
  const featured7 = { entitlement: { kind: 'featured' as const, days: 7 }, startsAt: start };

  it('is open for 14 days after payment and closed after', () => {
    expect(isWithinCancellationWindow(start, at(14))).toBe(true);
    expect(isWithinCancellationWindow(start, at(14.01))).toBe(false);
  });

  it('refunds the unused days of a placement pro rata, rounded down', () => {
    expect(unusedFraction(featured7, at(0))).toBe(1);
    expect(unusedFraction(featured7, at(3.5))).toBe(0.5);
    expect(unusedFraction(featured7, at(8))).toBe(0);
    expect(
      proRataRefundPence({
        paidPence: 999,
        alreadyRefundedPence: 0,
        uses: [featured7],
        now: at(2),
      }),
    ).toBe(
      713, // 999 × 5/7 = 713.57
    );
  });

  it('counts a placement that ended early as used only until it ended', () => {
    const ended = { ...featured7, endedAt: at(1) };
    expect(unusedFraction(ended, at(5))).toBeCloseTo(6 / 7);
  });

  it('refunds nothing for a bump already applied, everything for one not yet used', () => {
    const bump = { entitlement: { kind: 'bump' as const, uses: 1 } };
    expect(
      proRataRefundPence({
        paidPence: 499,
        alreadyRefundedPence: 0,
        uses: [{ ...bump, usesSpent: 1 }],
        now: at(1),
      }),
    ).toBe(0);
    expect(
      proRataRefundPence({ paidPence: 499, alreadyRefundedPence: 0, uses: [bump], now: at(1) }),
    ).toBe(499);
  });

  it('shares a bundle’s price by list value and never refunds more than remains', () => {
    const uses = [
      { entitlement: { kind: 'featured' as const, days: 28 }, startsAt: start },
      { entitlement: { kind: 'bump' as const, uses: 2 }, usesSpent: 1 },
      { entitlement: { kind: 'alert_boost' as const, uses: 1 }, usesSpent: 0 },
    ];
    // List values: featured 2999, bumps 998, alert 1499 (total 5496); at day 14 half the
    // featured days, half the bumps and the whole alert boost are unused.
    const expected = Math.floor(3999 * ((2999 * 0.5 + 998 * 0.5 + 1499) / 5496));
    expect(
      proRataRefundPence({ paidPence: 3999, alreadyRefundedPence: 0, uses, now: at(14) }),
    ).toBe(expected);
    expect(
      proRataRefundPence({ paidPence: 3999, alreadyRefundedPence: 3900, uses, now: at(14) }),
    ).toBe(99);
  });
});
