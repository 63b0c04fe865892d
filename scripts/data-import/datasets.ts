import type { DatasetImport } from './dataset.ts';
import { floodZonesImport } from './flood-zones.ts';
import { pricePaidImport } from './price-paid.ts';

/** Every dataset `npm run data:import -- NAME FILE` can load (docs/data.md). */
export const DATASETS: DatasetImport[] = [pricePaidImport, floodZonesImport];
