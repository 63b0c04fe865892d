import { describe, expect, it } from 'vitest';
import { stampDuty } from './stamp-duty.ts';

/*
 * Worked examples, each computed by hand from the published band tables (stamp-duty-rates.ts
 * names the pages): a slice of the price at each band's rate, summed, rounded down to the pound.
 */
const ON = '2026-11-23';

describe('SDLT, England and Northern Ireland (HMRC residential rates from 1 April 2025)', () => {
  it("matches HMRC's example: a £295,000 home is £0 + £2,500 + £2,250 = £4,750", () => {
    const result = stampDuty({ price: 295_000, nation: 'England', buyer: 'mover', on: ON });
    expect(result.tax).toBe('SDLT');
    expect(result.total).toBe(4_750);
    expect(result.bands.map((band) => band.taxPence / 100)).toEqual([0, 2_500, 2_250]);
  });

  it('charges the same in Northern Ireland', () => {
    expect(
      stampDuty({ price: 295_000, nation: 'Northern Ireland', buyer: 'mover', on: ON }).total,
    ).toBe(4_750);
  });

  it('gives first-time buyers 0% to £300,000 and 5% to £500,000: £500,000 is £10,000', () => {
    expect(
      stampDuty({ price: 500_000, nation: 'England', buyer: 'first_time', on: ON }).total,
    ).toBe(10_000);
    expect(
      stampDuty({ price: 300_000, nation: 'England', buyer: 'first_time', on: ON }).total,
    ).toBe(0);
  });

  it('gives no relief over £500,000: a first home at £500,001 pays the standard £15,000', () => {
    const result = stampDuty({ price: 500_001, nation: 'England', buyer: 'first_time', on: ON });
    expect(result.total).toBe(15_000);
    expect(result.notes.join(' ')).toMatch(/No first-time buyers' relief/);
  });

  it('adds 5 points to every band for an additional home: £300,000 is £20,000', () => {
    // 5% of £125,000 + 7% of £125,000 + 10% of £50,000.
    expect(
      stampDuty({ price: 300_000, nation: 'England', buyer: 'additional', on: ON }).total,
    ).toBe(20_000);
  });

  it('adds 2 points for a non-UK resident, on top of the additional-home rates', () => {
    // 2% of £125,000 + 4% of £125,000 + 7% of £45,000.
    expect(
      stampDuty({ price: 295_000, nation: 'England', buyer: 'mover', isNonResident: true, on: ON })
        .total,
    ).toBe(10_650);
    // 7% of £125,000 + 9% of £125,000 + 12% of £50,000.
    expect(
      stampDuty({
        price: 300_000,
        nation: 'England',
        buyer: 'additional',
        isNonResident: true,
        on: ON,
      }).total,
    ).toBe(26_000);
  });

  it('charges no surcharge under £40,000', () => {
    expect(stampDuty({ price: 39_999, nation: 'England', buyer: 'additional', on: ON }).total).toBe(
      0,
    );
  });

  it('reaches the 12% band: £2,000,000 is £153,750', () => {
    // £2,500 + 5% of £675,000 + 10% of £575,000 + 12% of £500,000.
    expect(stampDuty({ price: 2_000_000, nation: 'England', buyer: 'mover', on: ON }).total).toBe(
      153_750,
    );
  });

  it('uses the rates of the completion date: £295,000 before April 2025 was £2,250', () => {
    expect(
      stampDuty({ price: 295_000, nation: 'England', buyer: 'mover', on: '2025-03-31' }).total,
    ).toBe(2_250);
    expect(
      stampDuty({ price: 300_000, nation: 'England', buyer: 'additional', on: '2024-10-30' }).total,
    ).toBe(11_500); // 3% of £250,000 + 8% of £50,000, before the 5-point surcharge
  });
});

describe('LBTT, Scotland (Revenue Scotland rates from 1 April 2021)', () => {
  it('charges a £300,000 home £2,100 + £2,500 = £4,600', () => {
    const result = stampDuty({ price: 300_000, nation: 'Scotland', buyer: 'mover', on: ON });
    expect(result.tax).toBe('LBTT');
    expect(result.total).toBe(4_600);
  });

  it('raises the nil band to £175,000 for first-time buyers (£600 less)', () => {
    expect(
      stampDuty({ price: 300_000, nation: 'Scotland', buyer: 'first_time', on: ON }).total,
    ).toBe(4_000);
  });

  it('charges £54,350 on £800,000', () => {
    // 2% of £105,000 + 5% of £75,000 + 10% of £425,000 + 12% of £50,000.
    expect(stampDuty({ price: 800_000, nation: 'Scotland', buyer: 'mover', on: ON }).total).toBe(
      54_350,
    );
  });

  it('adds the 8% Additional Dwelling Supplement on the whole price from 5 December 2024', () => {
    const result = stampDuty({ price: 300_000, nation: 'Scotland', buyer: 'additional', on: ON });
    expect(result.supplement).toEqual({
      name: 'Additional Dwelling Supplement',
      rate: 8,
      amount: 24_000,
    });
    expect(result.total).toBe(28_600);
    const before = stampDuty({
      price: 300_000,
      nation: 'Scotland',
      buyer: 'additional',
      on: '2024-12-04',
    });
    expect(before.supplement?.amount).toBe(18_000);
  });

  it('has no non-resident surcharge', () => {
    expect(
      stampDuty({ price: 300_000, nation: 'Scotland', buyer: 'mover', isNonResident: true, on: ON })
        .total,
    ).toBe(4_600);
  });
});

describe('LTT, Wales (Welsh Revenue Authority rates)', () => {
  it('charges a £250,000 home 6% of £25,000 = £1,500, and £300,000 £4,500', () => {
    expect(stampDuty({ price: 250_000, nation: 'Wales', buyer: 'mover', on: ON }).total).toBe(
      1_500,
    );
    expect(stampDuty({ price: 300_000, nation: 'Wales', buyer: 'mover', on: ON }).tax).toBe('LTT');
    expect(stampDuty({ price: 300_000, nation: 'Wales', buyer: 'mover', on: ON }).total).toBe(
      4_500,
    );
  });

  it('gives first-time buyers no relief', () => {
    expect(stampDuty({ price: 300_000, nation: 'Wales', buyer: 'first_time', on: ON }).total).toBe(
      4_500,
    );
  });

  it('uses the higher residential rates for an additional home: £300,000 is £19,950', () => {
    // 5% of £180,000 + 8.5% of £70,000 + 10% of £50,000 (rates from 11 December 2024).
    expect(stampDuty({ price: 300_000, nation: 'Wales', buyer: 'additional', on: ON }).total).toBe(
      19_950,
    );
    // 4% + 7.5% + 9% before then.
    expect(
      stampDuty({ price: 300_000, nation: 'Wales', buyer: 'additional', on: '2024-12-10' }).total,
    ).toBe(16_950);
  });

  it('rounds down: £400,001 is £10,500', () => {
    expect(stampDuty({ price: 400_001, nation: 'Wales', buyer: 'mover', on: ON }).total).toBe(
      10_500,
    );
  });
});
