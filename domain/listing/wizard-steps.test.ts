import { describe, expect, it } from 'vitest';
import { LAST_STEP, stepFields, validateStep } from './wizard-steps.ts';

describe('wizard step fields', () => {
  it("are each step schema's keys, so the browser saves what the server checks", () => {
    expect(stepFields(1)).toEqual(['channel', 'propertyType']);
    expect(stepFields(2)).toEqual([
      'addressLine1',
      'addressLine2',
      'town',
      'county',
      'postcode',
      'isFullAddressShown',
    ]);
    expect(stepFields(4)).toContain('materialInfo');
    expect(stepFields(5)).toEqual(['tours']);
    expect(stepFields(6)).toEqual(expect.arrayContaining(['price', 'deposit', 'petsConsidered']));
    expect(stepFields(LAST_STEP)).toEqual([]);
    expect(stepFields(99)).toEqual([]);
  });
});

describe('each step shows all its errors in one pass', () => {
  it('asks for the tenure with the council tax band and the EPC rating', () => {
    const result = validateStep(4, { channel: 'sale' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.keys(result.fields).sort()).toEqual(['councilTaxBand', 'epcRating', 'tenure']);
  });

  it('checks the deposit cap as soon as the rent and deposit are known', () => {
    const result = validateStep(
      6,
      { channel: 'rent', price: '1,300 pcm', deposit: '£2,000' },
      { nation: 'England' },
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.fields.deposit).toBe(
      "The deposit can be at most £1,500: 5 weeks' rent (Tenant Fees Act 2019)",
    );
    expect(result.fields).toHaveProperty('rentPeriod');
    expect(result.fields).toHaveProperty('furnished');
    expect(result.fields).toHaveProperty('letType');
  });

  it('still checks the rules when another field of the step is wrong', () => {
    const result = validateStep(
      6,
      {
        channel: 'rent',
        price: '1300',
        rentPeriod: 'month',
        deposit: '2000',
        availableFrom: 'soon',
      },
      { nation: 'England' },
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.fields).toHaveProperty('availableFrom');
    expect(result.fields.deposit).toMatch(/at most £1,500/);
  });

  it('takes prices as people type them', () => {
    const sale = validateStep(6, {
      channel: 'sale',
      price: '£1.2m',
      priceQualifier: 'guide_price',
    });
    expect(sale.success && sale.data.price).toBe(1_200_000);
    const rent = validateStep(6, {
      channel: 'rent',
      price: '1,250 pcm',
      rentPeriod: 'month',
      deposit: '1,400',
      furnished: 'furnished',
      letType: 'long_term',
    });
    expect(rent.success && [rent.data.price, rent.data.deposit]).toEqual([1250, 1400]);
  });

  it('takes numbers with their thousands grouped, as prices are', () => {
    const details = {
      title: 'A bright two-bedroom flat',
      description: 'A bright flat with a balcony over the park, close to the shops.',
      bedrooms: '2',
      bathrooms: '1',
      receptions: '1',
    };
    for (const typed of ['1,050', '1 050', '1050']) {
      const result = validateStep(3, { ...details, floorArea: typed, floorAreaUnit: 'sq_ft' });
      expect(result.success && result.data.floorArea).toBe(1050);
    }
    const wrong = validateStep(3, { ...details, floorArea: '10,50', floorAreaUnit: 'sq_ft' });
    expect(wrong.success).toBe(false);
    if (!wrong.success) expect(wrong.fields.floorArea).toBe('Enter the floor area as a number');
  });
});
