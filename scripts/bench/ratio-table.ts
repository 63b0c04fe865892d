// The one table every benchmark ends with: each figure beside a floor measured in the same run
// on the same machine, their ratio, and the ratio's target. Absolute figures move with the
// machine; a ratio to a floor measured alongside them does not, so only ratios pass or fail.
// With BENCH_RATIO_FILE set (as `npm run bench` sets it) the rows are also appended to that file
// as JSON lines, for the single table of a whole run.
import fs from 'node:fs';
import os from 'node:os';

export interface Figure {
  value: number;
  unit: string;
}

export interface RatioRow {
  /** The benchmark it belongs to (`bench:auth`…). */
  bench: string;
  /** What is measured, e.g. 'server CPU per SRP sign-in'. */
  measure: string;
  figure: Figure;
  /** The reference measured in the same run; absent where the figure is judged on its own. */
  floor?: { name: string } & Figure;
  /**
   * Pass when the ratio (figure ÷ floor) — or, without a floor, the figure (Lighthouse, whose
   * throttling is calibrated to the host instead) — is at most / at least this. Absent: reported
   * for reference, never a pass or fail.
   */
  target?: { atMost?: number; atLeast?: number };
}

export function ratioOf(row: RatioRow): number | undefined {
  return row.floor ? row.figure.value / row.floor.value : undefined;
}

/** Whether the row meets its target; undefined when it has none (or its floor is missing). */
export function meets(row: RatioRow): boolean | undefined {
  if (!row.target) return undefined;
  const judged = row.floor ? ratioOf(row) : row.figure.value;
  if (judged === undefined || !Number.isFinite(judged)) return false;
  const { atMost, atLeast } = row.target;
  return (atMost === undefined || judged <= atMost) && (atLeast === undefined || judged >= atLeast);
}

const figureText = (figure: Figure) =>
  `${+figure.value.toPrecision(4)}${figure.unit ? ` ${figure.unit}` : ''}`;

function targetText(row: RatioRow): string {
  if (!row.target) return '(reference)';
  const { atMost, atLeast } = row.target;
  const what = row.floor ? 'ratio ' : '';
  return [
    atMost !== undefined ? `${what}≤ ${atMost}` : '',
    atLeast !== undefined ? `${what}≥ ${atLeast}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** The rows as a plain-text table (Markdown, so it can be pasted into docs/performance.md). */
export function formatTable(rows: RatioRow[]): string {
  const header = ['bench', 'measure', 'figure', 'floor', 'floor figure', 'ratio', 'target', ''];
  const body = rows.map((row) => {
    const ratio = ratioOf(row);
    const met = meets(row);
    return [
      row.bench,
      row.measure,
      figureText(row.figure),
      row.floor?.name ?? '—',
      row.floor ? figureText(row.floor) : '—',
      ratio === undefined ? '—' : ratio.toFixed(2),
      targetText(row),
      met === undefined ? '' : met ? 'met' : 'MISSED',
    ];
  });
  const widths = header.map((_, column) =>
    Math.max(...[header, ...body].map((cells) => cells[column]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...body.map((cells) => line(cells)),
  ].join('\n');
}

export function machineLine(): string {
  const cpus = os.cpus();
  return `${new Date().toISOString()}; ${cpus.length} × ${cpus[0]?.model.trim()}; Node ${process.version}; load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`;
}

/**
 * Prints the table last, appends the rows to BENCH_RATIO_FILE when set, and sets a failing exit
 * code when any ratio misses its target.
 */
export function reportRatios(rows: RatioRow[]): void {
  process.stdout.write(`\n${machineLine()}\n${formatTable(rows)}\n`);
  const file = process.env.BENCH_RATIO_FILE;
  if (file) fs.appendFileSync(file, rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
  if (rows.some((row) => meets(row) === false)) process.exitCode = 1;
}

/** CPU milliseconds this process has used since `since` (all threads: sharp's too). */
export function cpuMsSince(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
