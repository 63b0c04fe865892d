// `npm run data:import -- NAME FILE`: loads an open dataset's file into the configured database
// (DATA_DIR's PGlite, or DATABASE_URL), migrating it first. The datasets: scripts/data-import/.
import fs from 'node:fs';
import { SingleBar, Presets } from 'cli-progress';
import { databaseTarget, openDatabase } from '../db/client.ts';
import { initialClusterFile, prepareDatabase } from '../server/prepare-database.ts';
import { loadConfig } from '../server/config.ts';
import { DATASETS } from './data-import/datasets.ts';

const USAGE = [
  'Usage: npm run data:import -- NAME FILE, where NAME FILE is one of:',
  ...DATASETS.map((dataset) => `  ${dataset.name} FILE (${dataset.file})`),
].join('\n');
const [name, file] = process.argv.slice(2);
const dataset = DATASETS.find((candidate) => candidate.name === name);
if (!dataset || !file) {
  process.stderr.write(`${name && !dataset ? `No dataset called ${name}.\n` : ''}${USAGE}\n`);
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
    format: `${dataset.name} |{bar}| {percentage}% · {rows} rows · {eta_formatted} left`,
    stream: process.stderr,
  },
  Presets.shades_classic,
);
const started = performance.now();
try {
  await prepareDatabase(database);
  bar.start(100, 0, { rows: 0 });
  const lines = await dataset.run(database.db, file, ({ bytesRead, totalBytes, rows }) =>
    bar.update(Math.floor((100 * bytesRead) / Math.max(totalBytes, 1)), { rows }),
  );
  bar.stop();
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(`${lines.join('\n')}\nTook ${seconds.toFixed(1)} s.\n`);
} catch (error) {
  // An importer's refusal (wrong file, older data) is a sentence for the operator, not a trace.
  bar.stop();
  process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  bar.stop();
  await database.close();
}
