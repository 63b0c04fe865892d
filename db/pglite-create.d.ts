import type { PGlite } from '@electric-sql/pglite';

/** PGlite with the extensions Roost's migrations use, on `dataDir` or in memory. */
export function createPglite(options?: {
  dataDir?: string;
  loadDataDir?: Blob;
  pgliteWasmModule?: WebAssembly.Module;
}): Promise<PGlite>;

/** PostgreSQL's WebAssembly, compiled once per process, for the PGlite threads it starts. */
export function compiledPgliteModule(): Promise<WebAssembly.Module>;
