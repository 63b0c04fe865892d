// `npm run data:import -- price-paid FILE`: loads an open dataset's file into the configured
// database (DATA_DIR's PGlite, or DATABASE_URL), migrating it first. docs/data.md.
import fs from 'node:fs';
import { SingleBar, Presets } from 'cli-progress';
import { databaseTarget, openDatabase } from '../db/client.ts';
import { initialClusterFile, prepareDatabase } from '../server/prepare-database.ts';
import { loadConfig } from '../server/config.ts';
import { importPricePaid } from '../server/marketplace/sold-prices/import-price-paid.ts';
import { PRICE_PAID_ATTRIBUTION } from '../domain/sold-prices/attribution.ts';

const USAGE =
  'Usage: npm run data:import -- price-paid FILE (a Price Paid Data CSV: complete, yearly or monthly)';
const [dataset, file] = process.argv.slice(2);
if (dataset !== 'price-paid' || !file) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}
if (!fs.existsSync(file)) {
  process.stderr.write(`No such file: ${file}\n${USAGE}\n`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(
  databaseTarget({ ...config, initialCluster: initialClusterFile() }),
);
const bar = new SingleBar(
  {
    format: 'Price Paid |{bar}| {percentage}% · {rows} rows · {eta_formatted} left',
    stream: process.stderr,
  },
  Presets.shades_classic,
);
const started = performance.now();
try {
  await prepareDatabase(database);
  bar.start(100, 0, { rows: 0 });
  const summary = await importPricePaid(database.db, file, ({ bytesRead, totalBytes, rows }) =>
    bar.update(Math.floor((100 * bytesRead) / Math.max(totalBytes, 1)), { rows }),
  );
  bar.stop();
  const seconds = (performance.now() - started) / 1000;
  const lines = [
    `Read ${summary.rows.toLocaleString('en-GB')} rows in ${seconds.toFixed(1)} s:`,
    `  added ${summary.added}, changed ${summary.changed}, already held ${summary.unchanged}, deleted ${summary.deleted}` +
      (summary.deletionsNotHeld
        ? ` (${summary.deletionsNotHeld} deletions of sales not held)`
        : ''),
    `  skipped ${summary.skipped}`,
    ...summary.problems.map((problem) => `    line ${problem.line}: ${problem.reason}`),
    PRICE_PAID_ATTRIBUTION,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  bar.stop();
  await database.close();
}
