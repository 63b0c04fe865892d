import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatCount,
  formatDate,
  formatDateTime,
  formatMonthYear,
  formatNumber,
  formatPence,
  formatPounds,
  formatPoundsAndPence,
  formatPrice,
  formatPriceNote,
  formatReduction,
  formatYear,
  pluralise,
} from './format.ts';
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

  it('says by how much and when a price was reduced, in the price’s own period', () => {
    const on = '2026-11-21T23:30:00Z';
    const sale = {
      channel: 'sale',
      price: 240_000,
      priceQualifier: 'guide_price',
      rentPeriod: null,
    } as const;
    expect(formatReduction(sale, 10_000, on)).toBe('Reduced by £10,000 on 21 November 2026');
    expect(
      formatReduction(
        { channel: 'rent', price: 1200, priceQualifier: null, rentPeriod: 'week' },
        25,
        on,
      ),
    ).toBe('Reduced by £25 pw on 21 November 2026');
    expect(
      formatReduction(
        { channel: 'sale', price: 1, priceQualifier: 'poa', rentPeriod: null },
        5_000,
        on,
      ),
    ).toBe('Reduced on 21 November 2026');
    // In summer London is an hour ahead: late evening UTC is the next day there.
    expect(formatReduction(sale, 1_000, '2026-06-30T23:30:00Z')).toBe(
      'Reduced by £1,000 on 1 July 2026',
    );
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

/** Node's ICU, which these functions replace on the page (see format.ts for why). */
const intl = {
  number: new Intl.NumberFormat('en-GB'),
  oneDecimal: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }),
  pounds: new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    maximumFractionDigits: 0,
  }),
  pence: new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }),
  date: new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }),
  monthYear: new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    month: 'long',
    year: 'numeric',
  }),
  dateTime: new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }),
  weekday: new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'long' }),
};

/** Any amount a page could show, and the awkward ones: halves, tiny fractions, huge, negative. */
const amounts = fc.oneof(
  fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
  fc.double({ min: -1e12, max: 1e12, noNaN: true }),
  fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 2),
  fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 1000 + 0.0005),
  fc.constantFrom(0, -0, 1e21, 1.5e25, -1e22, Infinity, -Infinity, Number.NaN, 0.0005, 999.9995),
);
const instants = fc
  .integer({ min: Date.UTC(1996, 0, 1), max: Date.UTC(2045, 11, 31) })
  .map((time) => new Date(time));

describe('the same text as Intl en-GB, without Intl', () => {
  it('numbers, counts and rates', () => {
    fc.assert(
      fc.property(amounts, (value) => {
        expect(formatNumber(value)).toBe(intl.number.format(value));
        expect(formatCount(value)).toBe(intl.number.format(value));
        expect(formatNumber(value, 1)).toBe(intl.oneDecimal.format(value));
      }),
      { numRuns: 3000 },
    );
  });

  it('whole pounds, pounds and pence, and pence', () => {
    fc.assert(
      fc.property(amounts, (value) => {
        expect(formatPounds(value)).toBe(intl.pounds.format(value));
        expect(formatPoundsAndPence(value)).toBe(intl.pence.format(value));
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e11 }), (pence) => {
        expect(formatPence(pence)).toBe(intl.pence.format(pence / 100));
      }),
    );
    expect(formatPounds(-2.5)).toBe('-£3');
    expect(formatPence(999)).toBe('£9.99');
    expect(formatPence(123456789)).toBe('£1,234,567.89');
  });

  it('dates, months and years in UK time', () => {
    fc.assert(
      fc.property(instants, (instant) => {
        expect(formatDate(instant)).toBe(intl.date.format(instant));
        expect(formatDate(instant.toISOString())).toBe(intl.date.format(instant));
        expect(formatMonthYear(instant)).toBe(intl.monthYear.format(instant));
        expect(formatYear(instant)).toBe(String(instant.getUTCFullYear()));
      }),
      { numRuns: 3000 },
    );
  });

  it("date and time: ICU's own words between them vary by version, the figures do not", () => {
    fc.assert(
      fc.property(instants, (instant) => {
        const figures = (text: string) => text.match(/\d+|[A-Z][a-z]+/g);
        expect(figures(formatDateTime(instant))).toEqual(figures(intl.dateTime.format(instant)));
        expect(formatDateTime(instant)).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2}$/);
      }),
      { numRuns: 3000 },
    );
    expect(formatDateTime('2026-07-01T08:05:00Z')).toBe('1 July 2026 at 09:05');
  });

  it('calendar days with their weekday', () => {
    fc.assert(
      fc.property(instants, (instant) => {
        const day = instant.toISOString().slice(0, 10);
        const noon = new Date(`${day}T12:00:00Z`);
        expect(formatCalendarDay(day)).toBe(
          `${intl.weekday.format(noon)} ${intl.date.format(noon)}`,
        );
      }),
      { numRuns: 1000 },
    );
    expect(formatCalendarDay('2026-11-28')).toBe('Saturday 28 November 2026');
    expect(() => formatCalendarDay('2026-02-30x')).toThrow(RangeError);
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
