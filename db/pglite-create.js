// How Roost starts PGlite, in one place for both threads that do it: the server's PGlite thread
// (`pglite-worker.js`) and in-thread use (`client.ts`). Plain JavaScript, so the worker can
// import it with no TypeScript loader.
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** PGlite with the extensions Roost's migrations use, on `dataDir` or in memory. */
export function createPglite({ dataDir, loadDataDir } = {}) {
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { cube, earthdistance, pg_trgm },
  });
}
