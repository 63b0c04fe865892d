// A new PGlite data directory starts from a cluster that was created and migrated once, when the
// build was made (server/prepare-database.ts names and makes it), instead of running initdb, every
// migration and the gazetteer load again: about 10 s of two cores on each new data directory, 2 s
// from the prepared copy. Servers started by the tests begin on new data directories, so CI pays
// this several times a run.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { createPglite } from './pglite-create.js';

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
  // Another process may be writing its own `.partial` meanwhile: only finished ones go.
  const current = [path.basename(file), path.basename(unpackedClusterDir(file))];
  for (const name of fs.readdirSync(dir)) {
    if (!current.includes(name) && /^migrated-[0-9a-f]+(\.tar\.gz)?$/.test(name)) {
      fs.rmSync(path.join(dir, name), { recursive: true, force: true });
    }
  }
  return true;
}

/** Where the prepared cluster's files lie unpacked, beside its tarball. */
export function unpackedClusterDir(file: string): string {
  return file.replace(/\.tar\.gz$/, '');
}

/**
 * Unpacks the prepared cluster into a directory beside its tarball, once, so that a new data
 * directory is a copy of files (a tenth of a second) rather than PGlite unpacking the tarball
 * itself (about 3 s of a core, on every first start and every test server). Made under a
 * temporary name and renamed. Returns whether it unpacked one.
 */
export async function unpackInitialCluster(file: string): Promise<boolean> {
  const dir = unpackedClusterDir(file);
  if (holdsCluster(dir)) return false;
  const tarball = await readInitialCluster(file);
  if (!tarball) return false;
  const partial = `${dir}.${process.pid}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  const pglite = await createPglite({ dataDir: partial, loadDataDir: tarball });
  await pglite.close();
  try {
    fs.renameSync(partial, dir);
  } catch (error) {
    // Another process unpacked it first: theirs is the same cluster.
    fs.rmSync(partial, { recursive: true, force: true });
    if (!holdsCluster(dir)) throw error;
    return false;
  }
  return true;
}

/**
 * Starts the empty data directory `dataDir` from the prepared cluster: copies its unpacked files
 * when there are some (PG_VERSION last, so a copy cut short is not taken for a cluster) and
 * returns nothing; otherwise returns the tarball, for PGlite to load.
 */
export async function startFromInitialCluster(
  dataDir: string,
  file: string,
): Promise<Blob | undefined> {
  const unpacked = unpackedClusterDir(file);
  if (!holdsCluster(unpacked)) return readInitialCluster(file);
  const marker = path.join(unpacked, 'PG_VERSION');
  await fs.promises.cp(unpacked, dataDir, {
    recursive: true,
    filter: (source) => source !== marker,
  });
  await fs.promises.copyFile(marker, path.join(dataDir, 'PG_VERSION'));
  return undefined;
}
