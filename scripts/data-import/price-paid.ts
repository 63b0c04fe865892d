import { PRICE_PAID_ATTRIBUTION } from '../../domain/sold-prices/attribution.ts';
import { importPricePaid } from '../../server/marketplace/sold-prices/import-price-paid.ts';
import type { DatasetImport } from './dataset.ts';

/** HM Land Registry Price Paid Data: the complete file, a yearly file or a monthly update. */
export const pricePaidImport: DatasetImport = {
  name: 'price-paid',
  file: 'a Price Paid Data CSV: complete, yearly or monthly',
  async run(db, file, onProgress) {
    const summary = await importPricePaid(db, file, onProgress);
    return [
      `Read ${summary.rows.toLocaleString('en-GB')} rows:`,
      `  added ${summary.added}, changed ${summary.changed}, already held ${summary.unchanged}, deleted ${summary.deleted}` +
        (summary.deletionsNotHeld
          ? ` (${summary.deletionsNotHeld} deletions of sales not held)`
          : ''),
      `  skipped ${summary.skipped}`,
      ...summary.problems.map((problem) => `    line ${problem.line}: ${problem.reason}`),
      PRICE_PAID_ATTRIBUTION,
    ];
  },
};
