// How Roost starts PGlite, in one place for both threads that do it: the server's PGlite thread
// (`pglite-worker.js`) and in-thread use (`client.ts`). Plain JavaScript, so the worker can
// import it with no TypeScript loader.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** PGlite with the extensions Roost's migrations use, on `dataDir` or in memory. */
export function createPglite({ dataDir, loadDataDir, pgliteWasmModule } = {}) {
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(pgliteWasmModule ? { pgliteWasmModule } : {}),
    extensions: { cube, earthdistance, pg_trgm },
  });
}

let compiled;
/**
 * PostgreSQL's WebAssembly, compiled once per process and handed to every PGlite thread it
 * starts: a module shared between threads keeps its compiled and optimised code, where each new
 * thread would otherwise compile PostgreSQL again (test files each start one; docs/testing.md).
 */
export function compiledPgliteModule() {
  compiled ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return WebAssembly.compile(
      await fs.promises.readFile(path.join(path.dirname(entry), 'pglite.wasm')),
    );
  })();
  return compiled;
}
