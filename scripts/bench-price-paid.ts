// `npm run bench:price-paid [-- --rows N]`: loads N generated Price Paid rows (default
// 1,000,000, in the publisher's format) with `importPricePaid` into a new PGlite data directory,
// then the same rows, already parsed, through the driver as plain multi-row INSERTs into the
// same empty table: the floor. Ratio: import time ÷ floor time (docs/performance.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.ts';
import { initialClusterFile, prepareDatabase } from '../server/prepare-database.ts';
import {
  importPricePaid,
  soldPriceRow,
} from '../server/marketplace/sold-prices/import-price-paid.ts';
import { soldPrices } from '../server/marketplace/sold-prices/schema.ts';
import type { PricePaidSale } from '../domain/sold-prices/price-paid-record.ts';
import { reportRatios } from './bench/ratio-table.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '1000000' } } });
const rows = Number(values.rows);
const BATCH = 2_000;
const STREETS = ['HIGH STREET', 'STATION ROAD', 'MILL LANE', 'VICTORIA ROAD', 'CHURCH LANE'];
const TYPES = ['D', 'S', 'T', 'F', 'O'] as const;

/** The i-th made-up sale: spread over 2,000 districts, 5 streets each, 30 years. */
function saleAt(i: number): PricePaidSale {
  const hex = i.toString(16).toUpperCase().padStart(12, '0');
  const n = i % 2000;
  const district = `${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}${(n % 77) + 1}`;
  const year = 1995 + (i % 30);
  return {
    transactionId: `{0000BE4C-0000-4000-8000-${hex}}`,
    price: 50_000 + ((i * 7919) % 900_000),
    soldOn: `${year}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    postcode: `${district} ${(i % 9) + 1}AB`,
    propertyType: TYPES[i % 5]!,
    isNewBuild: i % 11 === 0,
    tenure: i % 5 === 3 ? 'L' : 'F',
    paon: String((i % 300) + 1),
    saon: i % 5 === 3 ? `FLAT ${(i % 9) + 1}` : '',
    street: STREETS[i % 5]!,
    locality: '',
    town: 'BIRMINGHAM',
    district: 'BIRMINGHAM',
    county: 'WEST MIDLANDS',
    category: 'A',
  };
}

const csvLine = (sale: PricePaidSale) =>
  [
    sale.transactionId,
    sale.price,
    `${sale.soldOn} 00:00`,
    sale.postcode,
    sale.propertyType,
    sale.isNewBuild ? 'Y' : 'N',
    sale.tenure,
    sale.paon,
    sale.saon,
    sale.street,
    sale.locality,
    sale.town,
    sale.district,
    sale.county,
    sale.category,
    'A',
  ]
    .map((field) => `"${String(field).replace(/"/g, '""')}"`)
    .join(',');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-bench-price-paid-'));
const file = path.join(dir, 'pp.csv');
const out = fs.createWriteStream(file);
for (let i = 0; i < rows; i += 1) {
  if (!out.write(`${csvLine(saleAt(i))}\n`))
    await new Promise<void>((go) => out.once('drain', () => go()));
}
await new Promise<void>((done) => out.end(() => done()));
process.stdout.write(`${rows.toLocaleString('en-GB')} rows written to ${file}\n`);

const database = await openDatabase({
  kind: 'pglite',
  dataDir: path.join(dir, 'pg'),
  initialCluster: initialClusterFile(),
  thread: 'main',
});
try {
  await prepareDatabase(database);
  let started = performance.now();
  const summary = await importPricePaid(database.db, file);
  const importMs = performance.now() - started;
  if (summary.added !== rows) throw new Error(`Imported ${summary.added} of ${rows} rows`);
  await database.db.execute(sql`truncate ${soldPrices}`);

  started = performance.now();
  for (let start = 0; start < rows; start += BATCH) {
    const batch = [];
    for (let i = start; i < Math.min(rows, start + BATCH); i += 1)
      batch.push(soldPriceRow(saleAt(i), 'land-registry'));
    await database.db.insert(soldPrices).values(batch);
  }
  const floorMs = performance.now() - started;
  process.stdout.write(
    `import ${(importMs / 1000).toFixed(1)} s (${Math.round(rows / (importMs / 1000)).toLocaleString('en-GB')} rows/s); plain INSERTs ${(floorMs / 1000).toFixed(1)} s\n`,
  );
  reportRatios([
    {
      bench: 'bench:price-paid',
      measure: `Price Paid import, ${rows.toLocaleString('en-GB')} rows (file read, parsed, upserted)`,
      figure: { value: importMs / 1000, unit: 's' },
      floor: {
        name: 'the same rows as plain INSERTs through the driver',
        value: floorMs / 1000,
        unit: 's',
      },
      target: { atMost: 1.5 },
    },
  ]);
} finally {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
