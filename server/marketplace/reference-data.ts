import type { Database } from '../../db/client.ts';
import { loadPostcodeCentroids } from './geography/load-postcode-centroids.ts';
import { loadGazetteerIfEmpty } from './search/load-gazetteer.ts';

/** Reference data that ships as files or in an npm package rather than in SQL migrations. */
export async function loadReferenceData(db: Database): Promise<void> {
  await loadGazetteerIfEmpty(db);
  await loadPostcodeCentroids(db);
}

/** The files `loadReferenceData` reads, so a change to them makes a new prepared cluster. */
export const REFERENCE_DATA_SOURCES = [
  'server/marketplace/reference-data.ts',
  'server/marketplace/search/load-gazetteer.ts',
  // The postcode centroids, their reader and loader, and the nation rule the loader stamps
  // listings with.
  'server/marketplace/geography/postcode-centroids',
  'server/marketplace/geography/postcode-centroids.ts',
  'server/marketplace/geography/load-postcode-centroids.ts',
  'server/marketplace/geography/nation.ts',
] as const;
