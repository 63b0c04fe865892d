import { describe, expect, it } from 'vitest';
import { formatDate, formatPrice, formatPriceNote, pluralise } from './format.ts';
import { listingPath, slugify } from './listing/listing-url.ts';

describe('prices', () => {
  it('formats sale prices in whole pounds with the qualifier apart', () => {
    const listing = {
      channel: 'sale',
      price: 250000,
      priceQualifier: 'guide_price',
      rentPeriod: null,
    } as const;
    expect(formatPrice(listing)).toBe('£250,000');
    expect(formatPriceNote(listing)).toBe('Guide price');
  });

  it('shows rents per calendar month with the weekly equivalent', () => {
    const listing = {
      channel: 'rent',
      price: 1300,
      priceQualifier: null,
      rentPeriod: 'month',
    } as const;
    expect(formatPrice(listing)).toBe('£1,300 pcm');
    expect(formatPriceNote(listing)).toBe('£300 pw');
  });

  it('converts weekly rents to monthly', () => {
    const listing = {
      channel: 'rent',
      price: 300,
      priceQualifier: null,
      rentPeriod: 'week',
    } as const;
    expect(formatPrice(listing)).toBe('£300 pw');
    expect(formatPriceNote(listing)).toBe('£1,300 pcm');
  });

  it('hides the figure for price on application', () => {
    expect(
      formatPrice({ channel: 'sale', price: 1, priceQualifier: 'poa', rentPeriod: null }),
    ).toBe('Price on application');
  });
});

describe('dates and words', () => {
  it('shows dates in London time, not the server zone', () => {
    // 23:30 UTC on 31 March 2026 is already 1 April in British Summer Time.
    expect(formatDate('2026-03-31T23:30:00Z')).toBe('1 April 2026');
  });

  it('pluralises counts', () => {
    expect(pluralise(1, 'bed')).toBe('1 bed');
    expect(pluralise(1200, 'home')).toBe('1,200 homes');
  });
});

describe('listing URLs', () => {
  it('builds readable slugs', () => {
    expect(slugify('Semi-detached house for sale Newcastle upon Tyne')).toBe(
      'semi-detached-house-for-sale-newcastle-upon-tyne',
    );
    expect(
      listingPath({
        id: 42,
        bedrooms: 3,
        propertyType: 'semi_detached',
        channel: 'sale',
        town: 'Leeds',
      }),
    ).toBe('/property/42/3-bed-semi-detached-house-for-sale-leeds');
  });
});
