import { describe, expect, it } from 'vitest';
import { mortgage } from './mortgage.ts';
import {
  isRentAffordable,
  maxRentFor,
  monthlyRentOf,
  rentAffordability,
} from './rent-affordability.ts';

describe('mortgage', () => {
  it('works out a repayment mortgage by the annuity formula', () => {
    // £200,000 over 25 years at 5%: r = 0.05/12, n = 300 → £1,169.18 a month.
    const result = mortgage({
      price: 250_000,
      deposit: 50_000,
      termYears: 25,
      ratePercent: 5,
      type: 'repayment',
    });
    expect(result.loan).toBe(200_000);
    expect(result.loanToValue).toBe(80);
    expect(result.monthlyPayment).toBe(1_169.18);
    expect(result.totalRepaid).toBeCloseTo(350_754.4, 0);
    expect(result.totalInterest).toBeCloseTo(150_754.4, 0);
  });

  it('charges only interest each month on an interest-only mortgage, and the loan at the end', () => {
    const result = mortgage({
      price: 250_000,
      deposit: 50_000,
      termYears: 25,
      ratePercent: 5,
      type: 'interest_only',
    });
    expect(result.monthlyPayment).toBe(833.33);
    expect(result.totalInterest).toBe(250_000);
    expect(result.totalRepaid).toBe(450_000);
  });

  it('divides the loan evenly at 0% and never lends more than the price', () => {
    expect(
      mortgage({ price: 120_000, deposit: 0, termYears: 10, ratePercent: 0, type: 'repayment' })
        .monthlyPayment,
    ).toBe(1_000);
    const covered = mortgage({
      price: 100_000,
      deposit: 150_000,
      termYears: 25,
      ratePercent: 4,
      type: 'repayment',
    });
    expect(covered.loan).toBe(0);
    expect(covered.monthlyPayment).toBe(0);
  });
});

describe('rent affordability (30 × monthly rent)', () => {
  it('asks a yearly income of 30 times the monthly rent, 36 times for a guarantor', () => {
    expect(rentAffordability(1_200)).toEqual({
      monthlyRent: 1_200,
      tenantIncome: 36_000,
      guarantorIncome: 43_200,
    });
    expect(isRentAffordable(1_200, 36_000)).toBe(true);
    expect(isRentAffordable(1_200, 35_999)).toBe(false);
    expect(maxRentFor(45_000)).toBe(1_500);
  });

  it('turns a weekly rent into a monthly one (× 52 ÷ 12)', () => {
    expect(monthlyRentOf(300, 'week')).toBe(1_300);
    expect(monthlyRentOf(1_300, 'month')).toBe(1_300);
  });
});

describe('amounts typed into the calculators', () => {
  it('reads pounds as people write them', async () => {
    const { parseAmount, parseDecimal } = await import('./amount.ts');
    expect(parseAmount('£325,000')).toBe(325_000);
    expect(parseAmount('325k')).toBe(325_000);
    expect(parseAmount('£1.2m')).toBe(1_200_000);
    expect(parseAmount('lots')).toBeNull();
    expect(parseDecimal('4.5%')).toBe(4.5);
    expect(parseDecimal('x')).toBeNull();
  });
});
