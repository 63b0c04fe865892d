// A new PGlite data directory starts from a cluster that was created and migrated once, when the
// build was made (server/prepare-database.ts names and makes it), instead of running initdb, every
// migration and the gazetteer load again: about 10 s of two cores on each new data directory, 2 s
// from the prepared copy. Servers started by the tests begin on new data directories, so CI pays
// this several times a run.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** True when `dataDir` already holds a PostgreSQL cluster (PGlite writes `PG_VERSION` first). */
export function holdsCluster(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** The prepared cluster as a tarball for PGlite's `loadDataDir`, or undefined if none was made. */
export async function readInitialCluster(file: string): Promise<Blob | undefined> {
  let compressed: Buffer;
  try {
    compressed = await fs.promises.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    // Unpacked here: a worker thread receives the bytes without the Blob's type that tells
    // PGlite they are compressed.
    return new Blob([await promisify(zlib.gunzip)(compressed)], { type: 'application/x-tar' });
  } catch (error) {
    throw new Error(
      `The prepared database ${file} is damaged (${(error as Error).message}): delete it, and the next npm start or npm test makes it again.`,
      { cause: error },
    );
  }
}

/**
 * Makes the prepared cluster unless it exists: `make` returns the tarball of a newly created and
 * migrated cluster. Written under a temporary name and renamed, so a reader never sees half a
 * file; clusters made for earlier migrations are removed. Returns whether it made one.
 */
export async function writeInitialCluster(file: string, make: () => Promise<Blob>) {
  if (fs.existsSync(file)) return false;
  const tarball = Buffer.from(await (await make()).arrayBuffer());
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, await promisify(zlib.gzip)(tarball));
  fs.renameSync(partial, file);
  // Another process may be writing its own `.partial` meanwhile: only finished files go.
  for (const name of fs.readdirSync(dir)) {
    if (name !== path.basename(file) && /^migrated-[0-9a-f]+\.tar\.gz$/.test(name)) {
      fs.rmSync(path.join(dir, name), { force: true });
    }
  }
  return true;
}
