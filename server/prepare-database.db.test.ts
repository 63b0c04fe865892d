import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import {
  createPostgresDatabase,
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../tests/support/test-database.ts';
import { listings } from './marketplace/listings/schema.ts';
import { createLocalBlobStore } from './media/blob-store.ts';
import { seedDemoOnce } from './prepare-database.ts';

/**
 * Instances started together with SEED_DEMO=true each run the seed step: on PostgreSQL from
 * their own connections (here, one pool each), on PGlite from the one process. All must start.
 */
const INSTANCES = 3;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-seed-once-'));
let database: TestDatabase;
let instances: DatabaseHandle[] = [];
let drop = async () => {};

beforeAll(async () => {
  if (testDatabaseKind() === 'postgres') {
    const copy = await createPostgresDatabase(inject('postgresTemplate'));
    drop = copy.drop;
    instances = await Promise.all(
      Array.from({ length: INSTANCES }, () =>
        openDatabase({ kind: 'postgres', url: copy.url, poolSize: 2 }),
      ),
    );
  } else {
    database = await createTestDatabase();
    instances = Array.from({ length: INSTANCES }, () => database);
  }
});
afterAll(async () => {
  await Promise.all([...new Set(instances)].map((instance) => instance.close()));
  await drop();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('the demo seed step', () => {
  it('seeds once when several instances run it at the same time, and none fails', async () => {
    const blobs = createLocalBlobStore(mediaDir);
    const results = await Promise.all(
      instances.map((instance) => seedDemoOnce(instance, { blobs, towns: ['Leeds'] })),
    );
    expect(results.filter((result) => result.seeded)).toHaveLength(1);
    const seeded = results.find((result) => result.seeded)!;
    expect(seeded.listings).toBeGreaterThan(0);
    const [stored] = await instances[0]!.db.select({ value: count() }).from(listings);
    expect(stored?.value).toBe(seeded.listings);
  });
});
