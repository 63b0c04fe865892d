// Times the demo seed on a fresh PGlite data directory, as the first `npm start` runs it.
// Run with a fresh TMPDIR to time a machine that has never drawn the pictures:
//   TMPDIR=$(mktemp -d) npx tsx scripts/time-demo-seed.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseTarget, openDatabase } from '../db/client.ts';
import { initialClusterFile, prepareDatabase } from '../server/prepare-database.ts';
import { seedDemoIfEmpty } from '../server/marketplace/demo/seed-demo.ts';
import { createLocalBlobStore } from '../server/media/blob-store.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-seed-timing-'));
try {
  const database = await openDatabase(
    databaseTarget({ dataDir, initialCluster: initialClusterFile() }),
  );
  try {
    await prepareDatabase(database);
    const started = performance.now();
    // Processor time too (this process's threads: sharp's and PGlite's), which a busy machine
    // stretches far less than the wall-clock time.
    const cpuBefore = process.cpuUsage();
    const result = await seedDemoIfEmpty({
      db: database.db,
      blobs: createLocalBlobStore(path.join(dataDir, 'media')),
    });
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    console.log(
      `seeded ${result.listings} listings in ${seconds.toFixed(1)} s (${cpuSeconds.toFixed(1)} s of processor time)`,
    );
  } finally {
    await database.close();
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
