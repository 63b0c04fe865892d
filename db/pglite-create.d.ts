import type { PGlite } from '@electric-sql/pglite';

/** PGlite with the extensions Roost's migrations use, on `dataDir` or in memory. */
export function createPglite(options?: { dataDir?: string; loadDataDir?: Blob }): Promise<PGlite>;
