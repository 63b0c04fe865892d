import { NAPTAN_ATTRIBUTION } from '../../domain/stations/attribution.ts';
import { importNaptanStations } from '../../server/marketplace/stations/import-naptan.ts';
import type { DatasetImport } from './dataset.ts';

/** NaPTAN's national Stops.csv: railway, metro, underground and tram stations. */
export const stationsImport: DatasetImport = {
  name: 'stations',
  file: "NaPTAN's national Stops.csv (the complete extract)",
  async run(db, file, onProgress) {
    const summary = await importNaptanStations(db, file, onProgress);
    return [
      `Read ${summary.rows.toLocaleString('en-GB')} stops, ${summary.stations.toLocaleString('en-GB')} of them live stations:`,
      `  added ${summary.added}, changed ${summary.changed}, already held ${summary.unchanged}, removed ${summary.removed} (inactive or no longer listed)`,
      `  skipped ${summary.skipped}`,
      ...summary.problems.map((problem) => `    line ${problem.line}: ${problem.reason}`),
      NAPTAN_ATTRIBUTION,
    ];
  },
};
