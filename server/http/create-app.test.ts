import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Router } from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createLocalBlobStore } from '../media/blob-store.ts';
import { createImageRouter } from '../media/image-route.ts';
import { variantFileName } from '../media/variant-cache.ts';
import { AppError } from './app-error.ts';
import { createHttpApp, type HttpAppParts, securityHeaders } from './create-app.ts';
import { findNulCharacter, isNestedDeeperThan, MAX_BODY_DEPTH } from './request-guards.ts';
import { RetryLaterError } from './retry-later-error.ts';
import { serveForTest } from '../../tests/support/serve.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-http-'));
const blobs = createLocalBlobStore(path.join(dir, 'originals'));
const cacheDir = path.join(dir, 'variants');
let isDatabaseUp = true;
let baseUrl: string;
let close: () => Promise<void>;
let photoKey: string;

beforeAll(async () => {
  photoKey = await blobs.put(
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#0f5c4d' } })
      .png()
      .toBuffer(),
  );
  const web = Router();
  web.get('/{*splat}', (_req, res) => {
    res.type('html').send('<p>web app</p>');
  });
  const app = createHttpApp({
    logger: createLogger({ logLevel: 'silent' }),
    database: {
      ping: async () => {
        if (!isDatabaseUp) throw new Error('connection refused');
      },
    },
    isShuttingDown: () => false,
    routers: [createImageRouter({ blobs, variants: cacheDir })],
    mountApi: (api) => {
      api.get('/forbidden', () => {
        throw new AppError('FORBIDDEN', 'Not yours.');
      });
      api.get('/broken', () => {
        throw new Error('secret internals');
      });
      api.get('/ip', (req, res) => {
        res.json({ ip: req.ip });
      });
      api.get('/busy', () => {
        throw new RetryLaterError('UNAVAILABLE', 'Busy.', 4.2);
      });
      api.post('/echo', (req, res) => {
        res.json(req.body);
      });
    },
    web,
  });
  const served = await serveForTest(app);
  baseUrl = served.base;
  close = served.close;
});
afterAll(async () => {
  await close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('probes', () => {
  it('reports liveness and readiness', async () => {
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'ok' });
  });

  it('is not ready while the database is unreachable', async () => {
    isDatabaseUp = false;
    try {
      const ready = await fetch(`${baseUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    } finally {
      isDatabaseUp = true;
    }
  });
});

describe('requests', () => {
  it('gives every response a request id, keeping a sane incoming one', async () => {
    const fresh = await fetch(`${baseUrl}/`);
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const carried = await fetch(`${baseUrl}/`, { headers: { 'X-Request-Id': 'lb-1234567890' } });
    expect(carried.headers.get('x-request-id')).toBe('lb-1234567890');
    const hostile = await fetch(`${baseUrl}/`, {
      headers: { 'X-Request-Id': 'bad id\twith junk' },
    });
    expect(hostile.headers.get('x-request-id')).not.toContain('junk');
  });

  it('sets protective headers', async () => {
    const response = await fetch(`${baseUrl}/`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
    // Not `no-referrer`: under it a form posted without JavaScript says `Origin: null`, which
    // the cross-site guard refuses; other sites still get no Referer.
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('gives responses answered in front of the app the same helmet headers', async () => {
    const front = await serveForTest((req, res) => securityHeaders()(req, res, () => res.end()));
    try {
      const [app, alone] = await Promise.all([fetch(`${baseUrl}/`), fetch(front.base)]);
      expect(alone.headers.get('x-content-type-options')).toBe('nosniff');
      expect(alone.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      for (const name of [
        'x-content-type-options',
        'cross-origin-resource-policy',
        'cross-origin-opener-policy',
        'strict-transport-security',
        'x-frame-options',
        'referrer-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-permitted-cross-domain-policies',
      ]) {
        expect(alone.headers.get(name), name).toBe(app.headers.get(name));
      }
    } finally {
      await front.close();
    }
  });
});

describe('Content-Security-Policy', () => {
  const policyOf = (response: Response) =>
    new Map(
      (response.headers.get('content-security-policy') ?? '')
        .split(';')
        .filter(Boolean)
        .map((directive) => {
          const [name = '', ...values] = directive.trim().split(/\s+/);
          return [name, values] as const;
        }),
    );

  async function policyWith(security: HttpAppParts['security']) {
    const app = createHttpApp({
      logger: createLogger({ logLevel: 'silent' }),
      database: { ping: async () => {} },
      isShuttingDown: () => false,
      routers: [],
      web: Router(),
      security,
    });
    const served = await serveForTest(app);
    try {
      // (Under /api: Express's own 404 page for an empty web router sets a policy of its own.)
      return policyOf(await fetch(`${served.base}/api/v1/nothing`));
    } finally {
      await served.close();
    }
  }

  it('runs only our scripts and those with a fresh nonce, and lets no one frame the site', async () => {
    const first = await fetch(`${baseUrl}/`);
    const policy = policyOf(first);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(first.headers.get('x-frame-options')).toBe('DENY');
    const scripts = policy.get('script-src') ?? [];
    expect(scripts).toContain("'self'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    const nonce = scripts.find((source) => source.startsWith("'nonce-"));
    expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
    expect(policy.get('style-src')).toEqual(["'self'", nonce]);
    expect(policy.get('style-src-attr')).toEqual(["'none'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://tile.openstreetmap.org',
    ]);
    expect(policy.get('frame-src')).toEqual([
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    const again = policyOf(await fetch(`${baseUrl}/`));
    expect(again.get('script-src')).not.toContain(nonce);
  });

  it('covers API answers and the plain error page, whose style carries the nonce', async () => {
    expect(policyOf(await fetch(`${baseUrl}/api/v1/ip`)).get('frame-ancestors')).toEqual([
      "'none'",
    ]);
    const page = await fetch(`${baseUrl}/homes/%E9`);
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(await page.text()).toContain(`<style nonce="${nonce}">`);
  });

  it('lets the pages call the identity origins and Stripe, and upgrades requests on https', async () => {
    const policy = await policyWith({
      publicUrl: () => 'https://roost.example',
      connectOrigins: () => ['https://roost.example', 'https://auth.roost.example'],
    });
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://roost.example',
      'https://auth.roost.example',
      'https://api.stripe.com',
    ]);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
  });

  it('is looser under the development server, for Vite: inline code, its socket, no nonce', async () => {
    const policy = await policyWith({ development: true });
    expect(policy.get('script-src')).toEqual([
      "'self'",
      "'unsafe-inline'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://api.stripe.com', 'ws:', 'wss:']),
    );
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('/api/v1 errors', () => {
  it('answers unknown routes with the standard error body', async () => {
    const response = await fetch(`${baseUrl}/api/v1/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No API route for GET /nothing-here' },
    });
  });

  it('maps application errors to their status', async () => {
    const response = await fetch(`${baseUrl}/api/v1/forbidden`);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Not yours.' } });
  });

  it('never leaks internals of unexpected errors', async () => {
    const response = await fetch(`${baseUrl}/api/v1/broken`);
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).not.toContain('secret');
  });

  it('rejects malformed JSON clearly', async () => {
    const response = await fetch(`${baseUrl}/api/v1/forbidden`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', origin: baseUrl },
      body: '{not json',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('BAD_REQUEST');
  });
});

describe('image loader', () => {
  it('resizes to an allowed width in the format the browser accepts, cacheable forever', async () => {
    const response = await fetch(`${baseUrl}/img/${photoKey}?w=300`, {
      headers: { Accept: 'image/webp,*/*' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('vary')).toBe('Accept');
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(metadata.width).toBe(320); // 300 rounds up to the next allowed width
    expect(metadata.format).toBe('webp');
  });

  it('serves JPEG to browsers that accept neither AVIF nor WebP', async () => {
    const response = await fetch(`${baseUrl}/img/${photoKey}?w=160`, {
      headers: { Accept: 'image/*' },
    });
    expect(response.headers.get('content-type')).toBe('image/jpeg');
  });

  it('answers a matching ETag with 304 and keeps the rendered variant on disk', async () => {
    const first = await fetch(`${baseUrl}/img/${photoKey}?w=640`);
    const etag = first.headers.get('etag')!;
    const again = await fetch(`${baseUrl}/img/${photoKey}?w=640`, {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    // A rendered variant is answered first and stored just after.
    const folder = path.join(cacheDir, photoKey.slice(0, 2));
    await expect
      .poll(() => (fs.existsSync(folder) ? fs.readdirSync(folder) : []), { timeout: 10_000 })
      .toContain(variantFileName(photoKey, { width: 640, quality: 75, format: 'jpeg' }));
  });

  it('404s unknown and malformed keys', async () => {
    expect((await fetch(`${baseUrl}/img/${'c'.repeat(64)}?w=320`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/img/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });
});

describe('client addresses (TRUST_PROXY)', () => {
  const spoofed = { 'X-Forwarded-For': '203.0.113.9' };

  async function ipSeenBy(trustProxy: HttpAppParts['trustProxy']) {
    const app = createHttpApp({
      logger: createLogger({ logLevel: 'silent' }),
      database: { ping: async () => {} },
      isShuttingDown: () => false,
      routers: [],
      trustProxy,
      mountApi: (api) => api.get('/ip', (req, res) => res.json({ ip: req.ip })),
      web: Router(),
    });
    const served = await serveForTest(app);
    try {
      const response = await fetch(`${served.base}/api/v1/ip`, { headers: spoofed });
      return ((await response.json()) as { ip: string }).ip;
    } finally {
      await served.close();
    }
  }

  it('trusts no proxy by default: X-Forwarded-For from a local client is ignored', async () => {
    const response = await fetch(`${baseUrl}/api/v1/ip`, { headers: spoofed });
    expect(((await response.json()) as { ip: string }).ip).toBe('127.0.0.1');
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
    expect(await ipSeenBy('loopback')).toBe('203.0.113.9');
    expect(await ipSeenBy(1)).toBe('203.0.113.9');
    expect(await ipSeenBy('10.0.0.0/8')).toBe('127.0.0.1');
    expect(await ipSeenBy(false)).toBe('127.0.0.1');
  });
});

describe('URLs and bodies that cannot be read', () => {
  it('answers a malformed %-escape or a NUL in the address with 400, as JSON under /api', async () => {
    for (const url of ['/api/v1/forbidden/%ff', '/api/v1/ip?x=%00', '/api/v1/ip%00']) {
      const response = await fetch(`${baseUrl}${url}`);
      expect(response.status, url).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        'BAD_REQUEST',
      );
    }
    const page = await fetch(`${baseUrl}/homes/%E9`);
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).not.toContain('web app');
  });

  it('keeps well-formed escapes, including an escaped percent sign', async () => {
    expect((await fetch(`${baseUrl}/homes/caf%C3%A9?q=100%25`)).status).toBe(200);
  });

  it('refuses NUL in any string or key of a JSON body, naming where it is', async () => {
    const post = (body: unknown) =>
      fetch(`${baseUrl}/api/v1/echo`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', origin: baseUrl },
        body: JSON.stringify(body),
      });
    const nested = await post({ items: [{ caption: 'ok' }, { caption: 'bad\u0000' }] });
    expect(nested.status).toBe(400);
    expect(await nested.json()).toMatchObject({
      error: { code: 'BAD_REQUEST', fields: { 'items.1.caption': expect.any(String) } },
    });
    expect((await post({ ['key\u0000']: 1 })).status).toBe(400);
    expect((await post({ text: 'fine' })).status).toBe(200);

    // Nesting deeper than any of our bodies is refused before a handler (or jsonb) sees it.
    const tooDeep = await fetch(`${baseUrl}/api/v1/echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', origin: baseUrl },
      body: `${'['.repeat(20_000)}{"text":"fine"}${']'.repeat(20_000)}`,
    });
    expect(tooDeep.status).toBe(400);
    expect(await tooDeep.json()).toMatchObject({
      error: { code: 'BAD_REQUEST', message: expect.stringMatching(/nested more than/) },
    });
    let fair: unknown = 'fine';
    for (let depth = 0; depth < MAX_BODY_DEPTH - 1; depth += 1) fair = { inner: fair };
    expect((await post(fair)).status).toBe(200);
  });

  it('measures nesting with a stack, however deep', () => {
    let deep: unknown = 1;
    for (let depth = 0; depth < 200_000; depth += 1) deep = [deep];
    expect(isNestedDeeperThan(deep, MAX_BODY_DEPTH)).toBe(true);
    expect(isNestedDeeperThan({ a: [{ b: 'c' }] }, 3)).toBe(false);
    expect(isNestedDeeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
  });

  it('walks deeply nested bodies without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let depth = 0; depth < 200_000; depth += 1) deep = [deep];
    expect(findNulCharacter(deep)).toMatch(/^0(\.0)+$/);
  });

  it('says when to retry a refusal that clears by itself', async () => {
    const response = await fetch(`${baseUrl}/api/v1/busy`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
  });
});
