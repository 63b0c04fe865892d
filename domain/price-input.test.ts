import { describe, expect, it } from 'vitest';
import { normaliseTypedPrice, parseTypedPrice, poundsFromInput } from './price-input.ts';

describe('prices as people type them', () => {
  it.each([
    ['£325,000', 325_000],
    ['325,000', 325_000],
    ['325000', 325_000],
    ['325k', 325_000],
    ['£325K', 325_000],
    ['£1.2m', 1_200_000],
    ['1.25 million', 1_250_000],
    ['£ 450', 450],
    ['1,250.50', 1_251],
    ['GBP 900', 900],
  ])('%s is £%d', (text, pounds) => {
    expect(parseTypedPrice(text)).toEqual({ pounds });
  });

  it('reads a rent period after the amount', () => {
    expect(parseTypedPrice('1,250 pcm')).toEqual({ pounds: 1250, period: 'month' });
    expect(parseTypedPrice('£1250pcm')).toEqual({ pounds: 1250, period: 'month' });
    expect(parseTypedPrice('£950 per month')).toEqual({ pounds: 950, period: 'month' });
    expect(parseTypedPrice('£300 pw')).toEqual({ pounds: 300, period: 'week' });
    expect(parseTypedPrice('300 per week')).toEqual({ pounds: 300, period: 'week' });
  });

  it.each(['', 'abc', '£', '1,25', '12,34,567', '3 bedrooms', '-100', '1.2.3', '£1k2'])(
    'refuses %j',
    (text) => {
      expect(parseTypedPrice(text)).toBeUndefined();
    },
  );

  it('turns form values into pounds and leaves the rest for the schema to refuse', () => {
    expect(poundsFromInput('£325k')).toBe(325_000);
    expect(poundsFromInput(1300)).toBe(1300);
    expect(poundsFromInput('')).toBe('');
    expect(poundsFromInput('lots')).toBe('lots');
  });

  it('shows a price back normalised', () => {
    expect(normaliseTypedPrice('£1.2m')).toBe('1,200,000');
    expect(normaliseTypedPrice('1,250 pcm')).toBe('1,250');
    expect(normaliseTypedPrice('lots')).toBe('lots');
  });
});
