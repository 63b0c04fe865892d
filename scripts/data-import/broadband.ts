import { OFCOM_ATTRIBUTION } from '../../domain/broadband/attribution.ts';
import { importBroadband } from '../../server/marketplace/broadband/import-broadband.ts';
import type { DatasetImport } from './dataset.ts';

/** Ofcom Connected Nations fixed broadband coverage: one postcode-area file at a time. */
export const broadbandImport: DatasetImport = {
  name: 'broadband',
  file: "an Ofcom postcode coverage CSV, e.g. 202507_fixed_pc_coverage_r01_LS.csv (Ofcom's name)",
  async run(db, file, onProgress) {
    const summary = await importBroadband(db, file, onProgress);
    return [
      `Read ${summary.rows.toLocaleString('en-GB')} rows for ${summary.areas.join(', ') || 'no postcode area'} (Ofcom, ${summary.snapshot.slice(0, 7)}):`,
      `  added ${summary.added}, changed ${summary.changed}, already held ${summary.unchanged}, removed ${summary.removed} (no longer in Ofcom's file)`,
      `  skipped ${summary.skipped}`,
      ...summary.problems.map((problem) => `    line ${problem.line}: ${problem.reason}`),
      OFCOM_ATTRIBUTION,
    ];
  },
};
