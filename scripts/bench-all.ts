// `npm run bench [-- --quick]`
//
// Every benchmark in turn (bench:auth, bench:search, bench:pages, bench:images, bench:web), each
// printing its own figures and ratio table, then the one table of the whole run: each figure
// beside the floor measured in the same run, their ratio and its target
// (scripts/bench/ratio-table.ts). Exits non-zero when any benchmark failed or any ratio missed.
// `--quick` runs each at a reduced size, to check that they work (its ratios are rougher).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatTable, machineLine, meets, type RatioRow } from './bench/ratio-table.ts';

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });

const QUICK: Record<string, string[]> = {
  'bench:auth': ['--users', '30', '--signins', '400', '--concurrency', '8'],
  'bench:search': ['--listings', '5000', '--queries-only'],
  'bench:pages': ['--listings', '2000', '--seconds', '4'],
  'bench:images': ['--photos', '4', '--seconds', '5'],
  'bench:web': ['--runs', '1'],
};

const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'roost-bench-')), 'rows.jsonl');
const failed: string[] = [];
for (const [script, quickArgs] of Object.entries(QUICK)) {
  process.stdout.write(`\n=== npm run ${script}\n`);
  const args = ['run', script, ...(values.quick ? ['--', ...quickArgs] : [])];
  const result = spawnSync('npm', args, {
    stdio: 'inherit',
    env: { ...process.env, BENCH_RATIO_FILE: file },
  });
  if (result.status !== 0) failed.push(script);
}
const rows = fs.existsSync(file)
  ? fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as RatioRow)
  : [];
fs.rmSync(path.dirname(file), { recursive: true, force: true });
process.stdout.write(`\n=== All benchmarks\n${machineLine()}\n${formatTable(rows)}\n`);
const missed = rows.filter((row) => meets(row) === false).length;
process.stdout.write(
  `${missed} of ${rows.filter((row) => row.target).length} targets missed${failed.length ? `; failed: ${failed.join(', ')}` : ''}\n`,
);
process.exit(missed || failed.length ? 1 : 0);
