import { describe, expect, it } from 'vitest';
import { addDays, londonToday } from './dates.ts';
import { enquiryInputFromForm, enquirySchema } from './enquiry/enquiry-schema.ts';
import { formatViewingTime } from './enquiry/viewing-times.ts';
import { depositCapFor, holdingDepositCapFor } from './lettings/check-let.ts';
import { validateListing } from './listing/listing-schema.ts';
import { priceStep } from './listing/steps/price-step.ts';
import { validateStep } from './listing/wizard-steps.ts';
import { stripContactDetails } from './text.ts';
import { fieldErrorsOf } from './validation/field-errors.ts';

const rent = { channel: 'rent', rentPeriod: 'month', furnished: 'furnished', letType: 'long_term' };

describe('listing rules', () => {
  it('caps the deposit in England at five weeks of rent, six at £50,000 a year', () => {
    expect(depositCapFor('England', 1300, 'month')).toEqual({
      max: 1500,
      description: "5 weeks' rent",
    });
    expect(holdingDepositCapFor('England', 1300, 'month')).toBe(300);
    expect(depositCapFor('England', 5000, 'month')?.description).toBe("6 weeks' rent");
    expect(depositCapFor('England', 4166, 'month')?.description).toBe("5 weeks' rent");
  });

  it('refuses a deposit over the cap in England with the reason, and accepts one at the cap', () => {
    const england = { nation: 'England' } as const;
    const over = validateStep(6, { ...rent, price: 1300, deposit: 1501 }, england);
    expect(over.success).toBe(false);
    expect(over.success ? '' : over.fields.deposit).toMatch(
      /at most £1,500: 5 weeks' rent \(Tenant Fees Act 2019\)/,
    );
    expect(
      validateStep(6, { ...rent, price: 1300, deposit: 1500, holdingDeposit: 300 }, england)
        .success,
    ).toBe(true);
    const holding = validateStep(
      6,
      { ...rent, price: 1300, deposit: 1000, holdingDeposit: 301 },
      england,
    );
    expect(holding.success ? [] : Object.keys(holding.fields)).toEqual(['holdingDeposit']);
  });

  it("refuses 'offers over' for lets", () => {
    const result = priceStep.safeParse({
      ...rent,
      price: 1000,
      deposit: 1000,
      priceQualifier: 'offers_over',
    });
    expect(result.error?.issues[0]?.message).toMatch(/one specific rent/);
  });

  it('removes phone numbers, e-mail addresses and links from descriptions', () => {
    expect(
      stripContactDetails('Call 07700 900123 or mail me@example.com, see www.example.com/x'),
    ).toBe('Call [removed] or mail [removed], see [removed]');
    expect(stripContactDetails('Two bedrooms, 1,200 sq ft')).toBe('Two bedrooms, 1,200 sq ft');
  });

  it("refuses 'No DSS' and 'No children' wording with the reason", () => {
    const result = validateStep(3, {
      title: 'Lovely two bed flat',
      description: 'A bright flat near the park. No DSS, sorry. Lots of light and storage.',
      bedrooms: 2,
      bathrooms: 1,
      receptions: 1,
    });
    expect(result.success).toBe(false);
    expect(!result.success && result.fields.description).toMatch(/No DSS.*unlawful/);
    const children = validateStep(3, {
      title: 'Lovely two bed flat',
      description: 'A bright flat near the park with lots of light and storage.',
      keyFeatures: ['No children'],
      bedrooms: 2,
      bathrooms: 1,
      receptions: 1,
    });
    expect(!children.success && children.fields.keyFeatures).toMatch(/No children.*unlawful/);
  });

  it('normalises the postcode and refuses a made-up one', () => {
    const ok = validateStep(2, {
      addressLine1: '1 High Street',
      town: 'Leeds',
      postcode: 'ls62ab',
    });
    expect(ok.success && ok.data.postcode).toBe('LS6 2AB');
    const bad = validateStep(2, { addressLine1: '1 High Street', town: 'Leeds', postcode: 'XX1' });
    expect(!bad.success && bad.fields.postcode).toMatch(/real UK postcode/);
  });

  it('validates a whole listing and reports every missing field', () => {
    const result = validateListing({ channel: 'sale' });
    expect(result.success).toBe(false);
    expect(!result.success && Object.keys(result.fields)).toEqual(
      expect.arrayContaining(['propertyType', 'postcode', 'title', 'councilTaxBand', 'price']),
    );
  });
});

describe('viewing requests', () => {
  const base = {
    name: 'Bea Buyer',
    email: 'bea@example.com',
    message: 'Could I come and see it, please?',
    wantsViewing: true,
  };
  const today = londonToday();

  it('takes up to three future days with a part of the day, ignoring blank form rows', () => {
    const parsed = enquirySchema.parse(
      enquiryInputFromForm({
        ...base,
        wantsViewing: 'on',
        viewingDate1: addDays(today, 2),
        viewingPeriod1: 'evening',
        viewingDate2: '',
        viewingPeriod2: '',
        viewingDate3: addDays(today, 5),
        viewingPeriod3: 'morning',
      }),
    );
    expect(parsed.viewingTimes).toEqual([
      { date: addDays(today, 2), period: 'evening' },
      { date: addDays(today, 5), period: 'morning' },
    ]);
  });

  it('needs at least one slot when a viewing is asked for, and drops slots otherwise', () => {
    const none = enquirySchema.safeParse({ ...base, viewingTimes: [] });
    expect(none.success).toBe(false);
    expect(fieldErrorsOf(none.error!)).toHaveProperty('viewingTimes');
    const noViewing = enquirySchema.parse({
      ...base,
      wantsViewing: false,
      viewingTimes: [{ date: 'nonsense', period: 'midnight' }],
    });
    expect(noViewing.viewingTimes).toEqual([]);
  });

  it('refuses today, the past, beyond 3 months, unreal dates, unknown periods and repeats', () => {
    const errorsFor = (viewingTimes: { date: string; period: string }[]) => {
      const result = enquirySchema.safeParse({ ...base, viewingTimes });
      return result.success ? {} : fieldErrorsOf(result.error);
    };
    expect(errorsFor([{ date: today, period: 'morning' }])['viewingTimes.0.date']).toBe(
      'Choose a day in the future',
    );
    expect(errorsFor([{ date: addDays(today, -3), period: 'morning' }])).toHaveProperty(
      'viewingTimes.0.date',
    );
    expect(
      errorsFor([{ date: addDays(today, 91), period: 'morning' }])['viewingTimes.0.date'],
    ).toBe('Choose a day within the next 3 months');
    expect(errorsFor([{ date: '2031-02-30', period: 'morning' }])['viewingTimes.0.date']).toBe(
      'Enter a real date',
    );
    expect(errorsFor([{ date: addDays(today, 1), period: 'midnight' }])).toHaveProperty(
      'viewingTimes.0.period',
    );
    expect(errorsFor([{ date: '', period: 'morning' }])['viewingTimes.0.date']).toBe(
      'Choose a day',
    );
    const slot = { date: addDays(today, 4), period: 'afternoon' };
    expect(errorsFor([slot, slot])['viewingTimes.1.date']).toBe(
      'You have already chosen this day and time',
    );
    const four = [1, 2, 3, 4].map((days) => ({ date: addDays(today, days), period: 'morning' }));
    expect(errorsFor(four)).toHaveProperty('viewingTimes');
    expect(errorsFor([{ date: addDays(today, 90), period: 'evening' }])).toEqual({});
  });

  it('counts days in UK time and formats them for the lister', () => {
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(londonToday(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(londonToday(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(formatViewingTime({ date: '2026-03-29', period: 'morning' })).toBe(
      'Sunday 29 March 2026, morning (9am to 12 noon)',
    );
  });
});
