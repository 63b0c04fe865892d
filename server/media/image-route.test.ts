import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from './blob-store.ts';
import {
  answeringCachedImagesFirst,
  createCachedImageHandler,
  createImageRouter,
  etagOf,
} from './image-route.ts';
import { createVariantCache } from './variant-cache.ts';
import { serveForTest } from '../../tests/support/serve.ts';
import { securityHeaders } from '../http/create-app.ts';

let root: string;
let base: string;
let key: string;
let close: () => Promise<void>;
/** The same router behind the server's front: cached hits answered before Express. */
let frontBase: string;
let closeFront: () => Promise<void>;
const appRequests: string[] = [];
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

  const variants = createVariantCache(path.join(root, 'front-variants'));
  const behind = express();
  behind.use((req, _res, next) => {
    appRequests.push(req.url);
    next();
  });
  behind.use(createImageRouter({ blobs, variants }));
  const front = await serveForTest(
    answeringCachedImagesFirst(
      createCachedImageHandler(variants, { securityHeaders: securityHeaders() }),
      behind,
    ),
  );
  frontBase = front.base;
  closeFront = front.close;
});
afterAll(async () => {
  await closeFront();
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
    const url = `${base}/img/${key}?w=900`;
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

  it('answers before storing, and a variant it could not store is rendered again', async () => {
    // A file where the cache's directory should be: every store fails.
    const notADirectory = path.join(root, 'not-a-directory');
    await fs.writeFile(notADirectory, '');
    const failedStores: string[] = [];
    const rendered: string[] = [];
    let storeFailed = () => {};
    const app = express();
    app.use(
      createImageRouter({
        blobs: createLocalBlobStore(path.join(root, 'originals')),
        // Nothing in memory either, so the second request finds nothing stored.
        variants: createVariantCache(notADirectory, { memoryBytes: 0 }),
        onRender: (id) => rendered.push(id),
        onStoreError: (_error, id) => {
          failedStores.push(id);
          storeFailed();
        },
      }),
    );
    const served = await serveForTest(app);
    try {
      const url = `${served.base}/img/${key}?w=320&q=75`;
      for (const attempt of [1, 2]) {
        const stored = new Promise<void>((resolve) => (storeFailed = resolve));
        const response = await fetch(url, { headers: { accept: 'image/webp' } });
        expect(response.status).toBe(200);
        const body = Buffer.from(await response.arrayBuffer());
        expect((await sharp(body).metadata()).width).toBe(320);
        await stored;
        expect(failedStores).toHaveLength(attempt);
      }
      expect(failedStores[0]).toBe(`${key}-320-75-webp`);
      expect(rendered).toEqual([`${key}-320-75-webp`, `${key}-320-75-webp`]);
    } finally {
      await served.close();
    }
  });
});

describe('cached variants, answered in front of the app', () => {
  it('serves a hit in memory with its headers, without reaching the app', async () => {
    const path = `/img/${key}?w=320&q=75`;
    const headers = { accept: 'image/webp' };
    const first = await fetch(`${frontBase}${path}`, { headers });
    const body = Buffer.from(await first.arrayBuffer());
    expect(appRequests).toEqual([path]);

    const hit = await fetch(`${frontBase}${path}`, { headers });
    expect(hit.status).toBe(200);
    expect(Buffer.from(await hit.arrayBuffer()).equals(body)).toBe(true);
    expect(appRequests).toEqual([path]);
    expect(Object.fromEntries(hit.headers)).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(body.length),
      'cache-control': 'public, max-age=31536000, immutable',
      etag: first.headers.get('etag'),
      vary: 'Accept',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    });

    const head = await fetch(`${frontBase}${path}`, { method: 'HEAD', headers });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(body.length));
    expect(appRequests).toEqual([path]);
  });

  it('answers 304 to its ETag in a list or weakened by a proxy, before any read', async () => {
    const url = `${frontBase}/img/${key}?w=480&q=50`;
    const etag = etagOf(key, { width: 480, quality: 50, format: 'avif' });
    expect(etag).toMatch(/^"[0-9a-f]{16}-480-50-avif-r\d+"$/);
    for (const ifNoneMatch of [etag, `"other", W/${etag}`]) {
      const response = await fetch(url, {
        headers: { accept: 'image/avif', 'if-none-match': ifNoneMatch },
      });
      expect(response.status).toBe(304);
      expect(response.headers.get('etag')).toBe(etag);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    const other = await fetch(url, {
      headers: { accept: 'image/webp', 'if-none-match': etag },
    });
    expect(other.status).toBe(200);
    await other.arrayBuffer();
    expect(renders.some((id) => id.endsWith('-480-50-avif'))).toBe(false);
  });

  it('leaves misses and unusual addresses to the app', async () => {
    appRequests.length = 0;
    const unknown = `/img/${'d'.repeat(64)}?w=320`;
    const encoded = `/img/${key}?w=%33%32%30`;
    expect((await fetch(`${frontBase}${unknown}`)).status).toBe(404);
    expect((await fetch(`${frontBase}${encoded}`)).status).toBe(200);
    expect((await fetch(`${frontBase}/img/${key}?w=320`, { method: 'POST' })).status).toBe(404);
    expect(appRequests).toEqual([unknown, encoded, `/img/${key}?w=320`]);
  });
});
