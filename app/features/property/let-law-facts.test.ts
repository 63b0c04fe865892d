import { describe, expect, it } from 'vitest';
import { letLawFacts } from './let-law-facts';
import type { PropertyListing } from './property-types';

const aLet = (changes: Partial<PropertyListing>) =>
  ({
    channel: 'rent',
    price: 1300,
    rentPeriod: 'month',
    deposit: 1000,
    holdingDeposit: 300,
    petsConsidered: false,
    registrationNumber: null,
    country: 'England',
    ...changes,
  }) as PropertyListing;

const factsOf = (changes: Partial<PropertyListing>) =>
  Object.fromEntries(letLawFacts(aLet(changes)));

describe("a let's facts under the law of its nation", () => {
  it('shows England as periodic, deposits against their caps and pets on request', () => {
    expect(factsOf({})).toMatchObject({
      Tenancy: expect.stringMatching(/^Periodic assured tenancy/),
      Deposit: "£1,000 (the most allowed in England at this rent is £1,500: 5 weeks' rent)",
      'Holding deposit': "£300 (at most £300: one week's rent)",
      Pets: 'Considered on request: tenants may ask to keep a pet',
    });
  });

  it('shows the registration numbers of Scotland and Wales, and no cap in Wales', () => {
    expect(factsOf({ country: 'Scotland', registrationNumber: '123456/230/12345' })).toMatchObject({
      Tenancy: expect.stringMatching(/^Private residential tenancy/),
      'Landlord registration number': '123456/230/12345',
      Deposit: "£1,000 (the most allowed in Scotland at this rent is £2,600: 2 months' rent)",
    });
    expect(
      factsOf({ country: 'Scotland', registrationNumber: 'landlord registration pending' }),
    ).toMatchObject({ 'Landlord registration number': 'Landlord registration pending' });
    expect(
      factsOf({ country: 'Wales', deposit: 3000, registrationNumber: 'RSW-1234' }),
    ).toMatchObject({
      Tenancy: expect.stringMatching(/^Occupation contract.*contract-holder/),
      Deposit: '£3,000 (Wales sets no cap on the deposit)',
      'Rent Smart Wales registration number': 'RSW-1234',
    });
  });

  it('converts a Northern Irish weekly rent to a month as the Act does', () => {
    expect(factsOf({ country: 'Northern Ireland', price: 210, rentPeriod: 'week' })).toMatchObject({
      Deposit:
        "£1,000 (the most allowed in Northern Ireland at this rent is £900: one month's rent)",
    });
  });
});
