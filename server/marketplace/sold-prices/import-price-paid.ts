import { getTableColumns, inArray, sql } from 'drizzle-orm';
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
import { soldPrices, type SoldPriceRow } from './schema.ts';

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
// Columns an update may change: everything but the identifier and when it was first imported.
const UPDATABLE = (Object.keys(getTableColumns(soldPrices)) as (keyof SoldPriceRow)[]).filter(
  (column): column is Exclude<keyof SoldPriceRow, 'transactionId' | 'importedAt'> =>
    column !== 'transactionId' && column !== 'importedAt',
);

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

/**
 * Adds or updates rows; how many were added, changed and already the same. The batch travels as
 * one JSON parameter unpacked by `json_populate_recordset`, not 20 parameters a row: on PGlite
 * about three times the rows a second of a multi-row VALUES insert (`npm run bench:price-paid`).
 */
export async function upsertSoldPrices(db: Database, rows: ReturnType<typeof soldPriceRow>[]) {
  if (rows.length === 0) return { added: 0, changed: 0, unchanged: 0 };
  const columns = ['transactionId' as const, ...UPDATABLE];
  const name = (column: (typeof columns)[number]) => soldPrices[column].name;
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(columns.map((column) => [name(column), row[column]]))),
  );
  const list = sql.raw(columns.map(name).join(', '));
  const excluded = (column: (typeof UPDATABLE)[number]) => sql.raw(`excluded.${name(column)}`);
  const differs = sql.join(
    UPDATABLE.map((column) => sql`${soldPrices[column]} is distinct from ${excluded(column)}`),
    sql` or `,
  );
  const updates = sql.raw(
    UPDATABLE.map((column) => `${name(column)} = excluded.${name(column)}`).join(', '),
  );
  const { rows: written } = (await db.execute(sql`
    insert into ${soldPrices} (${list})
    select ${list} from json_populate_recordset(null::${soldPrices}, ${json}::json)
    on conflict (transaction_id) do update set ${updates} where ${differs}
    returning (xmax = 0) as is_new`)) as { rows: { is_new: boolean }[] };
  // xmax is 0 on a row this statement inserted, and set on one it updated.
  const added = written.filter((row) => row.is_new).length;
  return {
    added,
    changed: written.length - added,
    unchanged: rows.length - written.length,
  };
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
