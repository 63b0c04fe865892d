import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../tests/support/raw-request.ts';
import { serveForTest, type ServedForTest } from '../../tests/support/serve.ts';
import { compressResponses } from './compress-responses.ts';

const page = `<!doctype html><main>${'<p>A three-bedroom semi in Leeds, close to the station.</p>'.repeat(200)}</main>`;
const listings = Array.from({ length: 100 }, (_, i) => ({
  id: i,
  title: `Flat ${i}`,
  price: 1000,
}));

let served: ServedForTest;

beforeAll(async () => {
  const app = express();
  app.use(compressResponses({ brotliQuality: 3, gzipLevel: 3 }));
  app.get('/page', (_req, res) => void res.type('html').send(page));
  app.get('/page-as-buffer', (_req, res) => void res.type('html').end(Buffer.from(page)));
  app.get('/json', (_req, res) => void res.json(listings));
  app.get('/small', (_req, res) => void res.type('html').send('<p>Hello</p>'));
  app.get('/image', (_req, res) => void res.type('png').send(Buffer.alloc(4096, 7)));
  app.get('/no-transform', (_req, res) => {
    res.set('Cache-Control', 'no-transform').type('html').send(page);
  });
  app.get('/written-in-parts', (_req, res) => {
    res.type('html');
    res.write(page.slice(0, 5000));
    setTimeout(() => res.end(page.slice(5000)), 20);
  });
  app.get('/empty', (_req, res) => void res.status(204).end());
  served = await serveForTest(app);
});

afterAll(() => served.close());

/** The bytes as sent, with the browser's `Accept-Encoding` when one is given. */
function get(path: string, acceptEncoding?: string, method = 'GET') {
  return rawRequest(`${served.base}${path}`, {
    method,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
}

const CHROME = 'gzip, deflate, br, zstd';

describe('compressResponses', () => {
  it('sends a whole page in Brotli with its length when the browser accepts it', async () => {
    const response = await get('/page', CHROME);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-length']).toBe(String(response.bytes.length));
    expect(response.headers['transfer-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.bytes.length).toBeLessThan(page.length / 5);
    expect(zlib.brotliDecompressSync(response.bytes).toString()).toBe(page);
  });

  it('uses gzip for clients without Brotli, and a Buffer given to end() the same way', async () => {
    const response = await get('/page-as-buffer', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-length']).toBe(String(response.bytes.length));
    expect(zlib.gunzipSync(response.bytes).toString()).toBe(page);
  });

  it('compresses JSON answers too', async () => {
    const response = await get('/json', 'br, gzip');
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(response.bytes).toString())).toEqual(listings);
  });

  it('honours the client: q-values, identity only, or no header at all', async () => {
    expect((await get('/page', 'br;q=0.5, gzip')).headers['content-encoding']).toBe('gzip');
    for (const accept of ['identity', undefined]) {
      const response = await get('/page', accept);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-length']).toBe(String(Buffer.byteLength(page)));
      expect(response.bytes.toString()).toBe(page);
    }
  });

  it('leaves small bodies, images and no-transform answers as they are', async () => {
    const small = await get('/small', CHROME);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.bytes.toString()).toBe('<p>Hello</p>');
    expect(small.headers.vary).toMatch(/accept-encoding/i);

    const image = await get('/image', CHROME);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.bytes).toEqual(Buffer.alloc(4096, 7));

    const kept = await get('/no-transform', CHROME);
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(kept.bytes.toString()).toBe(page);
  });

  it('still compresses a body written in parts, as a stream', async () => {
    const response = await get('/written-in-parts', CHROME);
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.headers['content-length']).toBeUndefined();
    const method = response.headers['content-encoding'];
    expect(['br', 'gzip']).toContain(method);
    const body =
      method === 'br' ? zlib.brotliDecompressSync(response.bytes) : zlib.gunzipSync(response.bytes);
    expect(body.toString()).toBe(page);
  });

  it('sends deflate through the stream, and nothing for HEAD or 204', async () => {
    const deflated = await get('/page', 'deflate');
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expect(zlib.inflateSync(deflated.bytes).toString()).toBe(page);

    const head = await get('/page', CHROME, 'HEAD');
    expect(head.bytes.length).toBe(0);
    expect(head.headers['content-encoding']).toBeUndefined();

    const empty = await get('/empty', CHROME);
    expect(empty.status).toBe(204);
    expect(empty.headers['content-length']).toBeUndefined();
  });
});
