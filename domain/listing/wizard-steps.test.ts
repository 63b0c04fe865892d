import { describe, expect, it } from 'vitest';
import { LAST_STEP, stepFields } from './wizard-steps.ts';

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
