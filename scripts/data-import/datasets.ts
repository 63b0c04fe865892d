import type { DatasetImport } from './dataset.ts';
import { broadbandImport } from './broadband.ts';
import { floodZonesImport } from './flood-zones.ts';
import { pricePaidImport } from './price-paid.ts';
import { schoolsImport } from './schools.ts';
import { stationsImport } from './stations.ts';

/** Every dataset `npm run data:import -- NAME FILE` can load (docs/data.md). */
export const DATASETS: DatasetImport[] = [
  pricePaidImport,
  schoolsImport,
  floodZonesImport,
  broadbandImport,
  stationsImport,
];
