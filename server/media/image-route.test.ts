import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from './blob-store.ts';
import { createImageRouter } from './image-route.ts';
import { serveForTest } from '../../tests/support/serve.ts';

let root: string;
let base: string;
let key: string;
let close: () => Promise<void>;
const renders: string[] = [];

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'roost-img-'));
  const blobs = createLocalBlobStore(path.join(root, 'originals'));
  key = await blobs.put(
    await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#447799' } })
      .jpeg()
      .toBuffer(),
  );
  const app = express();
  app.use(
    createImageRouter({
      blobs,
      variants: path.join(root, 'variants'),
      onRender: (id) => renders.push(id),
    }),
  );
  const served = await serveForTest(app);
  base = served.base;
  close = served.close;
});
afterAll(async () => {
  await close();
  await fs.rm(root, { recursive: true, force: true });
});

describe('the resizing loader', () => {
  it('renders a variant once, then serves it from the cache without re-encoding', async () => {
    const url = `${base}/img/${key}?w=640&q=75`;
    const first = await fetch(url, { headers: { accept: 'image/webp' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await first.arrayBuffer());
    expect((await sharp(body).metadata()).width).toBe(640);
    const second = await fetch(url, { headers: { accept: 'image/webp' } });
    expect(Buffer.from(await second.arrayBuffer()).equals(body)).toBe(true);
    expect(renders.filter((id) => id.endsWith('-640-75-webp'))).toHaveLength(1);
  });

  it('answers 304 to a matching ETag, picks AVIF by Accept, and snaps widths to the fixed set', async () => {
    const url = `${base}/img/${key}?w=700`;
    const first = await fetch(url, { headers: { accept: 'image/avif,image/webp' } });
    expect(first.headers.get('content-type')).toBe('image/avif');
    expect((await sharp(Buffer.from(await first.arrayBuffer())).metadata()).width).toBe(960);
    const again = await fetch(url, {
      headers: { accept: 'image/avif,image/webp', 'if-none-match': first.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('refuses keys that are not content hashes', async () => {
    expect((await fetch(`${base}/img/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });
});
