// Builds the web app when its sources changed since the last build, so `npm start` and
// `npm test` always serve current code without paying for a rebuild every time; and prepares the
// migrated PGlite cluster that new data directories start from (db/pglite-initial-cluster.ts).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unpackInitialCluster, writeInitialCluster } from '../db/pglite-initial-cluster.ts';
import { initialClusterFile } from '../server/prepare-database.ts';
import { hashSources } from '../server/source-digest.ts';
import { precompressAssets } from './precompress-assets.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INPUTS = ['app', 'public', 'react-router.config.ts', 'vite.config.ts', 'package-lock.json'];
const stampFile = path.join(root, 'build', '.source-hash');

function sourceHash(): string {
  return hashSources(createHash('sha256'), root, INPUTS).digest('hex');
}

export async function ensureBuild(): Promise<void> {
  buildWebApp();
  await writeInitialCluster(initialClusterFile(), async () => {
    process.stderr.write('Preparing the database that new data directories start from…\n');
    // Loaded only when the cluster must be made: most runs find it made.
    const { migratedPgliteCluster } = await import('../server/prepare-database.ts');
    return migratedPgliteCluster();
  });
  await unpackInitialCluster(initialClusterFile());
}

function buildWebApp(): void {
  const hash = sourceHash();
  const built = fs.existsSync(path.join(root, 'build', 'server', 'index.js'));
  const stamp = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
  if (built && stamp === hash) return;
  process.stderr.write('Building the web app…\n');
  const result = spawnSync('npx', ['react-router', 'build'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    // Vite's progress output is noise on success; on failure it is the explanation.
    process.stderr.write(
      `${result.stdout}${result.stderr}\nThe web app failed to build (above).\n`,
    );
    process.exit(result.status ?? 1);
  }
  precompressAssets(path.join(root, 'build', 'client', 'assets'));
  fs.writeFileSync(stampFile, hash);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await ensureBuild();
}
