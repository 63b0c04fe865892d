import type { DatasetImport } from './dataset.ts';
import { pricePaidImport } from './price-paid.ts';
import { schoolsImport } from './schools.ts';

/** Every dataset `npm run data:import -- NAME FILE` can load (docs/data.md). */
export const DATASETS: DatasetImport[] = [pricePaidImport, schoolsImport];
