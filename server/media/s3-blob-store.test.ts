import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import express from 'express';
// @ts-expect-error s3rver ships no types; the two methods used here are typed below.
import S3rverModule from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from './blob-store.ts';
import { createImageRouter } from './image-route.ts';
import { createBlobStore, parseMediaConfig } from './media-config.ts';
import { DEFAULT_IMAGE_LIMITS, processImage } from './process-image.ts';
import { serveForTest } from '../../tests/support/serve.ts';

/**
 * The S3 blob store against a live S3-compatible server (s3rver, an S3 API over local files,
 * spoken to over HTTP by the real @aws-sdk/client-s3), configured the way an operator would:
 * through the S3_* settings.
 */
interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rverServer = S3rverModule as new (options: object) => S3rver;

const BUCKET = 'roost-media-test';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let root: string;
let s3: S3rver;
let endpoint: string;
let blobs: BlobStore;
let client: S3Client;

async function objectKeys(): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((item) => item.Key!).sort();
}

async function photo(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'roost-s3-'));
  s3 = new S3rverServer({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(root, 's3'),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  const config = parseMediaConfig(
    {
      S3_BUCKET: BUCKET,
      S3_REGION: 'eu-west-2',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    root,
  );
  expect(config.store.kind).toBe('s3');
  blobs = await createBlobStore(config);
  client = new S3Client({
    region: 'eu-west-2',
    endpoint,
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
});
afterAll(async () => {
  client?.destroy();
  await s3?.close();
  await fs.rm(root, { recursive: true, force: true });
});

describe('the S3 blob store', () => {
  it('stores an original once under its SHA-256 key and reads the same bytes back', async () => {
    const bytes = await photo('#336699');
    const key = await blobs.put(bytes);
    expect(key).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(await objectKeys()).toContain(`originals/${key.slice(0, 2)}/${key}`);
    expect((await blobs.get(key))!.equals(bytes)).toBe(true);

    const before = await objectKeys();
    expect(await blobs.put(bytes)).toBe(key);
    expect(await objectKeys()).toEqual(before);
  });

  it('answers undefined for a key it does not hold, and for something that is not a key', async () => {
    expect(await blobs.get('0'.repeat(64))).toBeUndefined();
    expect(await blobs.get('../../etc/passwd')).toBeUndefined();
  });

  it('keeps what the upload pipeline produced and the resizing loader renders from it', async () => {
    const processed = await processImage(await photo('#aa5522'), DEFAULT_IMAGE_LIMITS);
    const key = await blobs.put(processed.data);
    const cacheDir = path.join(root, 'variants');
    const app = express();
    app.use(createImageRouter({ blobs, variants: cacheDir }));
    const { base, close } = await serveForTest(app);
    try {
      const response = await fetch(`${base}/img/${key}?w=320`, {
        headers: { accept: 'image/webp' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      const variant = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(variant).toMatchObject({ format: 'webp', width: 320 });
      const missing = await fetch(`${base}/img/${'f'.repeat(64)}?w=320`);
      expect(missing.status).toBe(404);
    } finally {
      await close();
    }
  });

  it('deletes an original, and deleting it again is harmless', async () => {
    const bytes = await photo('#118844');
    const key = await blobs.put(bytes);
    const objectKey = `originals/${key.slice(0, 2)}/${key}`;
    expect(await objectKeys()).toContain(objectKey);
    await blobs.delete(key);
    expect(await blobs.get(key)).toBeUndefined();
    expect(await objectKeys()).not.toContain(objectKey);
    await expect(blobs.delete(key)).resolves.toBeUndefined();
  });
});
