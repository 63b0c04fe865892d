import type { Database } from '../../../db/client.ts';
import type { PricePaidSale } from '../../../domain/sold-prices/price-paid-record.ts';
import type { NewListing } from '../listings/schema.ts';
import { soldPriceRow, upsertSoldPrices } from '../sold-prices/import-price-paid.ts';

const DAY_MS = 86_400_000;
const BATCH = 1_000;

const TYPE_CODES: Partial<
  Record<NonNullable<NewListing['propertyType']>, PricePaidSale['propertyType']>
> = {
  flat: 'F',
  maisonette: 'F',
  terraced: 'T',
  end_of_terrace: 'T',
  semi_detached: 'S',
  detached: 'D',
  bungalow: 'D',
  cottage: 'D',
};

const roundTo = (value: number, step: number) => Math.round(value / step) * step;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Made-up past sales for the demo's homes in England and Wales, through the same table as Land
 * Registry's (`source = 'demo'`, labelled 'Demo data' wherever shown), so a new installation
 * shows 'Sold history for this home', 'Recently sold nearby' and street pages: one home for
 * sale in three has sold before (one in nine twice), and every other home has a neighbour
 * two doors along that sold in the last three years. Picked by position, not drawn, so the rest
 * of the demo stays as it is.
 */
export function demoSoldPrices(homes: NewListing[], now: Date): PricePaidSale[] {
  const sales: PricePaidSale[] = [];
  homes.forEach((home, index) => {
    if (home.country !== 'England' && home.country !== 'Wales') return;
    const match = /^(\d+) (.+)$/.exec(home.addressLine1);
    if (!match) return;
    const [, number, street] = match as unknown as [string, string, string];
    const propertyType = TYPE_CODES[home.propertyType ?? 'other'] ?? 'O';
    // A sale's value: the asking price for homes for sale, about 200 months' rent for lets.
    const value =
      home.channel === 'sale' ? home.price : home.price * (home.rentPeriod === 'week' ? 870 : 200);
    const sale = (n: number, paon: string, yearsAgo: number, factor: number): PricePaidSale => ({
      transactionId: `DEMO-${index}-${n}`,
      price: roundTo(value * factor, 250),
      soldOn: isoDay(new Date(now.getTime() - yearsAgo * 365 * DAY_MS - (index % 200) * DAY_MS)),
      postcode: home.postcode,
      propertyType,
      isNewBuild: false,
      tenure: propertyType === 'F' ? 'L' : 'F',
      paon,
      saon: '',
      street: street.toUpperCase(),
      locality: '',
      town: home.town.toUpperCase(),
      district: home.town.toUpperCase(),
      county: (home.county ?? '').toUpperCase(),
      category: 'A',
    });
    if (home.channel === 'sale' && index % 3 === 0) {
      sales.push(sale(1, number, 3 + (index % 7), 0.7 + (index % 15) / 100));
      if (index % 9 === 0) sales.push(sale(2, number, 11 + (index % 6), 0.45 + (index % 10) / 100));
    }
    if (index % 2 === 0)
      sales.push(sale(3, String(Number(number) + 2), (index % 36) / 12, 0.9 + (index % 20) / 100));
  });
  return sales;
}

/** Stores the demo's sales (see `demoSoldPrices`); how many. */
export async function insertDemoSoldPrices(db: Database, homes: NewListing[], now = new Date()) {
  const rows = demoSoldPrices(homes, now).map((sale) => soldPriceRow(sale, 'demo'));
  for (let start = 0; start < rows.length; start += BATCH)
    await upsertSoldPrices(db, rows.slice(start, start + BATCH));
  return rows.length;
}
