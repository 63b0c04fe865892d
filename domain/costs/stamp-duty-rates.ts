/**
 * Residential rates of the three UK property-purchase taxes, as dated tables. A table applies to
 * purchases completing on or after its `from` date until the next table's; the newest comes last.
 * Bands are slices of the price: `upTo` is the top of the slice in whole pounds (`null` = no top),
 * `rate` a percentage charged on the part of the price inside the slice.
 *
 * Sources (checked November 2026):
 * - SDLT (England and Northern Ireland): HM Revenue & Customs, 'Stamp Duty Land Tax: residential
 *   property rates', https://www.gov.uk/stamp-duty-land-tax/residential-property-rates — from
 *   1 April 2025 the nil-rate band is £125,000 again and first-time buyers' relief covers £300,000
 *   on homes up to £500,000; higher rates for additional dwellings are 5 points above each band
 *   from 31 October 2024 (Autumn Budget 2024); non-UK residents pay 2 points more (from
 *   1 April 2021). Both surcharges apply only when the price is £40,000 or more.
 * - LBTT (Scotland): Revenue Scotland, 'Residential LBTT rates and bands',
 *   https://revenue.scot/taxes/land-buildings-transaction-tax/residential-property — bands in force
 *   since 1 April 2021; first-time buyer relief raises the nil-rate band to £175,000; the
 *   Additional Dwelling Supplement is 8% of the whole price from 5 December 2024 (£40,000 or more).
 * - LTT (Wales): Welsh Revenue Authority, 'Land Transaction Tax rates and bands',
 *   https://www.gov.wales/land-transaction-tax-rates-and-bands — main residential rates since
 *   10 October 2022; higher residential rates (additional homes) from 11 December 2024. Wales has
 *   no first-time buyer relief.
 */

export interface TaxBand {
  /** Top of the slice in whole pounds; `null` for the last, unbounded slice. */
  upTo: number | null;
  /** Percentage of the slice, e.g. 7.5. */
  rate: number;
}

export interface DatedBands {
  /** ISO date the bands apply from (inclusive). */
  from: string;
  bands: readonly TaxBand[];
}

export interface TaxSource {
  authority: string;
  title: string;
  url: string;
}

/**
 * What every nation's tax has (each table below adds its reliefs and surcharges): its names, where
 * the rates are published, its main bands.
 */
export interface PurchaseTax {
  name: string;
  short: 'SDLT' | 'LBTT' | 'LTT';
  source: TaxSource;
  standard: readonly DatedBands[];
}

/** One row of a band table as written below: the top of the slice (`null`: none) and its rate. */
type BandRow = readonly [upTo: number | null, rate: number];

/** The bands that apply from `from`, written as [top of slice, rate] rows, lowest first. */
function bandsFrom(from: string, rows: readonly BandRow[]): DatedBands {
  return { from, bands: rows.map(([upTo, rate]) => ({ upTo, rate })) };
}

/** No surcharge (additional homes, non-residents) is due below this price anywhere in the UK. */
export const SURCHARGE_THRESHOLD = 40_000;

export const SDLT = {
  name: 'Stamp Duty Land Tax',
  short: 'SDLT' as const,
  source: {
    authority: 'HM Revenue & Customs',
    title: 'Stamp Duty Land Tax: residential property rates',
    url: 'https://www.gov.uk/stamp-duty-land-tax/residential-property-rates',
  },
  standard: [
    bandsFrom('2022-09-23', [
      [250_000, 0],
      [925_000, 5],
      [1_500_000, 10],
      [null, 12],
    ]),
    bandsFrom('2025-04-01', [
      [125_000, 0],
      [250_000, 2],
      [925_000, 5],
      [1_500_000, 10],
      [null, 12],
    ]),
  ],
  /** First-time buyers' relief: these bands instead, if the price is at most `maxPrice`. */
  firstTimeBuyer: [
    {
      ...bandsFrom('2022-09-23', [
        [425_000, 0],
        [null, 5],
      ]),
      maxPrice: 625_000,
    },
    {
      ...bandsFrom('2025-04-01', [
        [300_000, 0],
        [null, 5],
      ]),
      maxPrice: 500_000,
    },
  ],
  /** Points added to every band for additional dwellings. */
  additionalHomeSurcharge: [
    { from: '2016-04-01', points: 3 },
    { from: '2024-10-31', points: 5 },
  ],
  /** Points added to every band when no buyer is UK resident. */
  nonResidentSurcharge: [{ from: '2021-04-01', points: 2 }],
};

export const LBTT = {
  name: 'Land and Buildings Transaction Tax',
  short: 'LBTT' as const,
  source: {
    authority: 'Revenue Scotland',
    title: 'Land and Buildings Transaction Tax: residential rates and bands',
    url: 'https://revenue.scot/taxes/land-buildings-transaction-tax/residential-property',
  },
  standard: [
    bandsFrom('2021-04-01', [
      [145_000, 0],
      [250_000, 2],
      [325_000, 5],
      [750_000, 10],
      [null, 12],
    ]),
  ],
  /** First-time buyer relief: the nil-rate band is raised to this; no price limit. */
  firstTimeBuyerNilBand: [{ from: '2018-06-30', upTo: 175_000 }],
  /** Additional Dwelling Supplement: a percentage of the whole price. */
  additionalDwellingSupplement: [
    { from: '2019-01-25', rate: 4 },
    { from: '2022-12-16', rate: 6 },
    { from: '2024-12-05', rate: 8 },
  ],
};

export const LTT = {
  name: 'Land Transaction Tax',
  short: 'LTT' as const,
  source: {
    authority: 'Welsh Revenue Authority',
    title: 'Land Transaction Tax: rates and bands',
    url: 'https://www.gov.wales/land-transaction-tax-rates-and-bands',
  },
  standard: [
    bandsFrom('2022-10-10', [
      [225_000, 0],
      [400_000, 6],
      [750_000, 7.5],
      [1_500_000, 10],
      [null, 12],
    ]),
  ],
  /** Higher residential rates, for buyers of an additional home. */
  higher: [
    bandsFrom('2022-12-22', [
      [180_000, 4],
      [250_000, 7.5],
      [400_000, 9],
      [750_000, 11.5],
      [1_500_000, 14],
      [null, 16],
    ]),
    bandsFrom('2024-12-11', [
      [180_000, 5],
      [250_000, 8.5],
      [400_000, 10],
      [750_000, 12.5],
      [1_500_000, 15],
      [null, 17],
    ]),
  ],
};
