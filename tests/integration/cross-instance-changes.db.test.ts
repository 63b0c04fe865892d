import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { createPostgresChangeFeed, type ChangeFeed } from '../../server/changes/change-feed.ts';
import { createLogger } from '../../server/logger.ts';
import { createLocalBlobStore } from '../../server/media/blob-store.ts';
import {
  createVariantCache,
  deletingVariants,
  forgettingDeletedOriginals,
  type VariantSpec,
} from '../../server/media/variant-cache.ts';
import { createPageCache } from '../../server/web/page-cache.ts';
import { insertListing } from '../support/listing-factory.ts';
import { serveForTest } from '../support/serve.ts';
import { createPostgresDatabase } from '../support/test-database.ts';

/**
 * Two instances on one PostgreSQL database, each with its own variant cache and search page
 * cache: a photo deleted on one is gone from the other's cache, and a listing changed on one
 * drops the other's cached search pages (PostgreSQL LISTEN/NOTIFY on `roost_changes`).
 * PostgreSQL only (the `postgres` project alone runs it, vitest.config.ts): with PGlite there is
 * one instance per data directory.
 */
const logger = createLogger({ logLevel: 'silent' });
let drop = async () => {};
let database: DatabaseHandle;
let feeds: ChangeFeed[] = [];
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-instance-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  const copy = await createPostgresDatabase(inject('postgresTemplate'));
  drop = copy.drop;
  database = await openDatabase({ kind: 'postgres', url: copy.url, poolSize: 2 });
  feeds = [
    await createPostgresChangeFeed(copy.url, logger),
    await createPostgresChangeFeed(copy.url, logger),
  ];
});
afterAll(async () => {
  for (const feed of feeds) await feed.close();
  await database?.close();
  await drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const spec: VariantSpec = { width: 320, quality: 60, format: 'webp' };

describe('changes reach every instance', () => {
  it('a photo deleted on one instance leaves the other instance’s variant cache', async () => {
    const [first, second] = feeds as [ChangeFeed, ChangeFeed];
    const blobs = createLocalBlobStore(tempDir());
    const key = await blobs.put(Buffer.from('original bytes'));
    const here = createVariantCache(tempDir());
    const there = createVariantCache(tempDir());
    forgettingDeletedOriginals(there, second);
    await here.write(key, spec, Buffer.from('variant'));
    await there.write(key, spec, Buffer.from('variant'));

    await deletingVariants(blobs, here, first).delete(key);
    expect(await here.read(key, spec)).toBeUndefined();
    await vi.waitFor(async () => expect(await there.read(key, spec)).toBeUndefined(), {
      timeout: 10_000,
    });
  });

  it('a listing changed on one instance drops the other’s cached search pages', async () => {
    const [, second] = feeds as [ChangeFeed, ChangeFeed];
    let renders = 0;
    const app = express();
    app.use(createPageCache({ seconds: 3600, paths: /^\/search/, changes: second }));
    app.get('/search', (_req, res) => {
      renders += 1;
      res.type('html').send(`<p>render ${renders}</p>`);
    });
    const served = await serveForTest(app);
    try {
      const page = async () => (await fetch(`${served.base}/search`)).text();
      expect(await page()).toBe('<p>render 1</p>');
      expect(await page()).toBe('<p>render 1</p>');
      // Another instance's write, straight to the shared database.
      await insertListing(database.db);
      await vi.waitFor(async () => expect(await page()).toBe('<p>render 2</p>'), {
        timeout: 10_000,
      });
    } finally {
      await served.close();
    }
  });
});
