import type { Database } from '../../db/client.ts';
import type { ImportProgress } from '../../server/marketplace/open-data/import-progress.ts';

/** One open dataset `npm run data:import` can load: its name on the command line and its importer. */
export interface DatasetImport {
  /** The word after `data:import --`, e.g. `price-paid`. */
  name: string;
  /** What FILE is, for the usage line. */
  file: string;
  /** Loads FILE; returns the summary lines to print (the attribution last). */
  run(
    db: Database,
    file: string,
    onProgress: (progress: ImportProgress) => void,
  ): Promise<string[]>;
}
