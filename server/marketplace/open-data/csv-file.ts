import fs from 'node:fs';
import { parse, type Options } from 'csv-parse';
import iconv from 'iconv-lite';
import type { ImportProgress } from './import-progress.ts';

/** The first rows an import could not use, by line, and how many it skipped in all. */
export interface SkippedRows {
  skipped: number;
  problems: { line: number; reason: string }[];
}

const MAX_PROBLEMS = 10;

/** Counts a row the import skipped, keeping the reasons of the first few. */
export function skipRow(summary: SkippedRows, line: number, reason: string): void {
  summary.skipped += 1;
  if (summary.problems.length < MAX_PROBLEMS) summary.problems.push({ line, reason });
}

/**
 * The `columns` option for a file read by its header's labels: the labels trimmed, and the file
 * refused, with the error `refuse` makes, where any of the publisher's own columns is missing.
 */
export function labelledColumns(
  missingColumns: (header: string[]) => string[],
  refuse: (missing: string[]) => Error,
) {
  return (labels: string[]) => {
    const header = labels.map((label) => label.trim());
    const missing = missingColumns(header);
    if (missing.length) throw refuse(missing);
    return header;
  };
}

/**
 * A publisher's CSV file read as a stream of records (csv-parse, a byte-order mark dropped, rows
 * of any length), decoded from `encoding` first where the publisher does not write UTF-8, with
 * how far through the file the reading is, for the progress bar.
 */
export function openCsvFile<Row>(
  file: string,
  options: Pick<Options, 'columns'> & { encoding?: 'win1252' } = {},
) {
  const totalBytes = fs.statSync(file).size;
  let bytesRead = 0;
  const input = fs.createReadStream(file);
  input.on('data', (chunk) => (bytesRead += chunk.length));
  const decoded = options.encoding ? input.pipe(iconv.decodeStream(options.encoding)) : input;
  const records = decoded.pipe(
    parse({ bom: true, relax_column_count: true, columns: options.columns }),
  ) as AsyncIterable<Row>;
  return {
    records,
    progress: (rows: number): ImportProgress => ({ bytesRead, totalBytes, rows }),
  };
}
