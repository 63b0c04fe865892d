import { describe, expect, it } from 'vitest';
import {
  depositCaps,
  priceStep,
  stripContactDetails,
  validateListing,
  validateStep,
} from './listing-rules.ts';

const rent = { channel: 'rent', rentPeriod: 'month', furnished: 'furnished', letType: 'long_term' };

describe('listing rules', () => {
  it('caps the deposit at five weeks of rent, six at £50,000 a year', () => {
    expect(depositCaps(1300, 'month')).toEqual({
      depositWeeks: 5,
      maxDeposit: 1500,
      maxHoldingDeposit: 300,
    });
    expect(depositCaps(5000, 'month').depositWeeks).toBe(6);
    expect(depositCaps(4166, 'month').depositWeeks).toBe(5);
  });

  it('refuses a deposit over the cap with the reason, and accepts one at the cap', () => {
    const over = priceStep.safeParse({ ...rent, price: 1300, deposit: 1501 });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toMatch(
      /at most £1,500: 5 weeks' rent \(Tenant Fees Act 2019\)/,
    );
    expect(
      priceStep.safeParse({ ...rent, price: 1300, deposit: 1500, holdingDeposit: 300 }).success,
    ).toBe(true);
    const holding = priceStep.safeParse({
      ...rent,
      price: 1300,
      deposit: 1000,
      holdingDeposit: 301,
    });
    expect(holding.error?.issues[0]?.path).toEqual(['holdingDeposit']);
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
