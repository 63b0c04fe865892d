import { GIAS_ATTRIBUTION } from '../../domain/schools/attribution.ts';
import { importGias } from '../../server/marketplace/schools/import-gias.ts';
import type { DatasetImport } from './dataset.ts';

/** Get Information about Schools: the full establishment extract, edubasealldataYYYYMMDD.csv. */
export const schoolsImport: DatasetImport = {
  name: 'schools',
  file: 'a Get Information about Schools establishment extract: edubasealldataYYYYMMDD.csv',
  async run(db, file, onProgress) {
    const summary = await importGias(db, file, onProgress);
    return [
      `Read ${summary.rows.toLocaleString('en-GB')} schools:`,
      `  added ${summary.added}, changed ${summary.changed}, already held ${summary.unchanged}`,
      `  closed ${summary.closed} (kept, no longer shown), removed ${summary.removed} (not in this extract)`,
      `  held without a grid reference (never shown) ${summary.unplaced}`,
      `  skipped ${summary.skipped}`,
      ...summary.problems.map((problem) => `    line ${problem.line}: ${problem.reason}`),
      GIAS_ATTRIBUTION,
    ];
  },
};
