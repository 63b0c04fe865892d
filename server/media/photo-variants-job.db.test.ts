import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, photo } from '../../tests/support/listing-world.ts';
import { serveForTest } from '../../tests/support/serve.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database.ts';
import { createJobQueue } from '../jobs/job-queue.ts';
import { jobs } from '../jobs/schema.ts';
import { createLogger } from '../logger.ts';
import { expireAnonymousDrafts } from '../marketplace/listings/expire-anonymous-drafts.ts';
import { createMarketplace, type Marketplace } from '../marketplace/marketplace.ts';
import { createLocalBlobStore, type BlobStore } from './blob-store.ts';
import { createImageRouter } from './image-route.ts';
import {
  createPhotoVariantsJob,
  generatePhotoVariants,
  PHOTO_VARIANTS_JOB,
  UPLOAD_VARIANTS,
} from './photo-variants-job.ts';
import { DEFAULT_IMAGE_LIMITS } from './process-image.ts';
import {
  createVariantCache,
  deletingVariants,
  type VariantCache,
  variantFileName,
} from './variant-cache.ts';

/**
 * Upload-time variants: an upload queues them, the job renders every width in AVIF and WebP,
 * a visitor then never waits for an encode, and deleting the original deletes them.
 */
let database: TestDatabase;
let marketplace: Marketplace;
let root: string;
let variants: VariantCache;
let blobs: BlobStore;
let failingGets = 0;
let base: string;
let close: () => Promise<void>;
const renders: string[] = [];
const fromOriginal: string[] = [];
const logger = createLogger({ logLevel: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'roost-variants-'));
  const local = createLocalBlobStore(path.join(root, 'originals'));
  // The store can be made to fail, as an unreachable S3 would.
  const flaky: BlobStore = {
    ...local,
    get(key) {
      if (failingGets > 0) {
        failingGets -= 1;
        return Promise.reject(new Error('blob store unreachable'));
      }
      return local.get(key);
    },
  };
  variants = createVariantCache(path.join(root, 'variants'));
  blobs = deletingVariants(flaky, variants);
  marketplace = createMarketplace({
    db: database.db,
    media: { blobs, limits: DEFAULT_IMAGE_LIMITS, maxPhotos: 5 },
    logger,
  });
  const app = express();
  app.use(
    createImageRouter({
      blobs,
      variants,
      onRender: (id) => renders.push(id),
      onColdOriginal: (key) => fromOriginal.push(key),
    }),
  );
  ({ base, close } = await serveForTest(app));
});
afterAll(async () => {
  await close();
  await database.destroy();
  await fs.rm(root, { recursive: true, force: true });
});

const queue = () =>
  createJobQueue({
    db: database.db,
    logger,
    definitions: [createPhotoVariantsJob({ blobs, variants })],
  });
const jobsFor = (key: string) =>
  database.db
    .select()
    .from(jobs)
    .where(eq(jobs.dedupeKey, `${PHOTO_VARIANTS_JOB}:${key}`));
const variantsOnDisk = async (key: string) => {
  const present = await Promise.all(UPLOAD_VARIANTS.map((spec) => variants.has(key, spec)));
  return present.filter(Boolean).length;
};

async function upload(bytes: Buffer, user = member('vera')) {
  const draft = await marketplace.listings.startDraft({ user, clientIp: '192.0.2.7' });
  const item = await marketplace.media.add({ user, draftId: draft.id, kind: 'photo', bytes });
  return { draftId: draft.id, key: item.key };
}

describe('upload-time photo variants', () => {
  it('queues the variants with the upload, renders them all once, and a visitor gets cache hits', async () => {
    const { key } = await upload(await photo(2400, 1600));
    // The upload answered without rendering anything: the job waits in the queue.
    expect(await jobsFor(key)).toMatchObject([{ status: 'pending', name: PHOTO_VARIANTS_JOB }]);
    expect(await variantsOnDisk(key)).toBe(0);

    expect(await queue().runDue()).toBe(1);
    expect(await jobsFor(key)).toMatchObject([{ status: 'done' }]);
    expect(await variantsOnDisk(key)).toBe(UPLOAD_VARIANTS.length);
    expect(UPLOAD_VARIANTS).toHaveLength(16);

    const response = await fetch(`${base}/img/${key}?w=640`, {
      headers: { accept: 'image/avif,image/webp' },
    });
    expect(response.headers.get('content-type')).toBe('image/avif');
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(640);
    const webp = await fetch(`${base}/img/${key}?w=1920`, { headers: { accept: 'image/webp' } });
    expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).width).toBe(1920);
    expect(renders.filter((id) => id.startsWith(key))).toEqual([]);

    // A quality the job does not make is rendered on request, from the working copy.
    await fetch(`${base}/img/${key}?w=320&q=50`, { headers: { accept: 'image/webp' } });
    expect(renders.filter((id) => id.startsWith(key))).toEqual([`${key}-320-50-webp`]);
    expect(fromOriginal).not.toContain(key);
  });

  it('is idempotent: the same photo queues one job, and running it again encodes nothing', async () => {
    const bytes = await photo(1000, 700);
    const first = await upload(bytes);
    const second = await upload(bytes, member('walt'));
    expect(second.key).toBe(first.key);
    expect(await jobsFor(first.key)).toHaveLength(1);
    await queue().runDue();
    const file = path.join(
      root,
      'variants',
      first.key.slice(0, 2),
      variantFileName(first.key, { width: 640, quality: 75, format: 'webp' }),
    );
    const before = await fs.stat(file);
    expect(await generatePhotoVariants(blobs, variants, first.key)).toBe(0);
    expect((await fs.stat(file)).mtimeMs).toBe(before.mtimeMs);

    // A crash halfway (one variant lost) is finished by running it again, and only that one.
    await fs.rm(file);
    expect(await generatePhotoVariants(blobs, variants, first.key)).toBe(1);
    expect(await variantsOnDisk(first.key)).toBe(UPLOAD_VARIANTS.length);
  });

  it('retries a job that failed, and the photo is served on request meanwhile', async () => {
    const { key } = await upload(await photo(900, 600));
    failingGets = 1;
    await queue().runDue();
    const [failed] = await jobsFor(key);
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'blob store unreachable',
    });
    expect(failed!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(await variantsOnDisk(key)).toBe(0);

    const meanwhile = await fetch(`${base}/img/${key}?w=480`, {
      headers: { accept: 'image/webp' },
    });
    expect(meanwhile.status).toBe(200);
    expect(fromOriginal).toContain(key);

    await database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, failed!.id));
    await queue().runDue();
    expect(await jobsFor(key)).toMatchObject([{ status: 'done', attempts: 2 }]);
    expect(await variantsOnDisk(key)).toBe(UPLOAD_VARIANTS.length);
  });

  it('keeps transparency in the working copy and the variants rendered from it', async () => {
    const transparent = await sharp({
      create: { width: 1000, height: 800, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: await photo(400, 300), left: 300, top: 250 }])
      .png()
      .toBuffer();
    const { key } = await upload(transparent);
    await queue().runDue();
    const response = await fetch(`${base}/img/${key}?w=640&q=50`, {
      headers: { accept: 'image/webp' },
    });
    const variant = sharp(Buffer.from(await response.arrayBuffer()));
    expect((await variant.metadata()).hasAlpha).toBe(true);
    const corner = await variant.extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect(corner[3]).toBe(0);
    expect(fromOriginal).not.toContain(key);
  });

  it('deletes the variants and working copy with the original', async () => {
    const { key } = await upload(await photo(1200, 800), null as never);
    await queue().runDue();
    expect(await variants.hasSource(key)).toBe(true);
    const expired = await expireAnonymousDrafts(database.db, blobs, {
      now: new Date(Date.now() + 30 * 86_400_000),
    });
    expect(expired.blobs).toBe(1);
    expect(await variantsOnDisk(key)).toBe(0);
    expect(await variants.hasSource(key)).toBe(false);
    expect(
      await fs
        .readdir(path.join(root, 'variants', key.slice(0, 2)))
        .then((names) => names.filter((name) => name.startsWith(key))),
    ).toEqual([]);
    // A job for a deleted original finds nothing to do, and does not fail.
    expect(await generatePhotoVariants(blobs, variants, key)).toBe(0);
  });
});
