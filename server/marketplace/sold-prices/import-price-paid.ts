import { inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  postcodeDistrict,
  postcodeSector,
  saleAddressKey,
  streetSlug,
} from '../../../domain/sold-prices/address-key.ts';
import {
  parsePricePaidRow,
  type PricePaidSale,
} from '../../../domain/sold-prices/price-paid-record.ts';
import type { ImportProgress } from '../open-data/import-progress.ts';
import { openCsvFile, skipRow } from '../open-data/csv-file.ts';
import { upsertBatch } from '../open-data/upsert-batch.ts';
import { soldPrices } from './schema.ts';

export interface PricePaidImportSummary {
  rows: number;
  added: number;
  changed: number;
  /** Rows already held exactly as given (a file loaded twice changes nothing). */
  unchanged: number;
  deleted: number;
  /** Deletions of sales that were not held. */
  deletionsNotHeld: number;
  skipped: number;
  /** The first few rows that could not be used, by line number, and why. */
  problems: { line: number; reason: string }[];
}

const BATCH = 2_000;

/** A sale as a `sold_prices` row: the publisher's fields and the keys it is found by. */
export function soldPriceRow(sale: PricePaidSale, source: 'land-registry' | 'demo') {
  return {
    ...sale,
    source,
    postcodeDistrict: postcodeDistrict(sale.postcode),
    postcodeSector: postcodeSector(sale.postcode),
    addressKey: saleAddressKey(sale),
    streetKey: streetSlug(sale.street),
  };
}

/** Adds or updates sales by transaction identifier: how many were added, changed or the same. */
export async function upsertSoldPrices(db: Database, rows: ReturnType<typeof soldPriceRow>[]) {
  const { added, changed, unchanged } = await upsertBatch(db, soldPrices, 'transactionId', rows);
  return { added, changed, unchanged };
}

/**
 * Loads a Price Paid Data file — the complete file, a yearly file or a monthly update — into
 * `sold_prices`: additions and changes are upserted by transaction identifier, deletions
 * removed, so loading the same file again changes nothing. Rows that cannot be used are
 * counted and the first few reported with their line; the rest still load.
 */
export async function importPricePaid(
  db: Database,
  file: string,
  onProgress?: (progress: ImportProgress) => void,
): Promise<PricePaidImportSummary> {
  const summary: PricePaidImportSummary = {
    rows: 0,
    added: 0,
    changed: 0,
    unchanged: 0,
    deleted: 0,
    deletionsNotHeld: 0,
    skipped: 0,
    problems: [],
  };
  const { records, progress } = openCsvFile<string[]>(file);

  let upserts = new Map<string, ReturnType<typeof soldPriceRow>>();
  let deletes = new Set<string>();
  const flush = async () => {
    const written = await upsertSoldPrices(db, [...upserts.values()]);
    summary.added += written.added;
    summary.changed += written.changed;
    summary.unchanged += written.unchanged;
    if (deletes.size) {
      const gone = await db
        .delete(soldPrices)
        .where(inArray(soldPrices.transactionId, [...deletes]))
        .returning({ id: soldPrices.transactionId });
      summary.deleted += gone.length;
      summary.deletionsNotHeld += deletes.size - gone.length;
    }
    upserts = new Map();
    deletes = new Set();
    onProgress?.(progress(summary.rows));
  };

  for await (const fields of records) {
    summary.rows += 1;
    const parsed = parsePricePaidRow(fields);
    if (!parsed.ok) {
      skipRow(summary, summary.rows, parsed.reason);
      continue;
    }
    const { change } = parsed;
    if (change.kind === 'delete') {
      upserts.delete(change.transactionId);
      deletes.add(change.transactionId);
    } else {
      // A sale deleted and added again in one batch: the deletion is written first.
      if (deletes.has(change.sale.transactionId)) await flush();
      upserts.set(change.sale.transactionId, soldPriceRow(change.sale, 'land-registry'));
    }
    if (upserts.size + deletes.size >= BATCH) await flush();
  }
  await flush();
  return summary;
}
