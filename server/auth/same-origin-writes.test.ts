import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveForTest } from '../../tests/support/serve.ts';
import { createApiRouter } from '../http/api.ts';

/**
 * The origin rule for cookie-authenticated API writes, through the real API router. The session
 * middleware is replaced by one reading a test header, so each case says how it is signed in.
 */
const PUBLIC_URL = 'https://roost.example';
const servers: Array<() => Promise<void>> = [];
let strict: string;
let hostOnly: string;

async function serve(publicUrl?: () => string) {
  const app = express();
  app.use((req, res, next) => {
    req.log = pino({ level: 'silent' });
    const credential = req.headers['x-test-credential'];
    if (credential === 'cookie' || credential === 'bearer') {
      res.locals.sessionUser = { userId: 'u1' };
      res.locals.sessionCredential = credential;
    }
    next();
  });
  app.use(
    '/api/v1',
    createApiRouter(
      (api) => {
        api.all('/favourites/1', (req, res) => {
          res.json({ method: req.method, body: req.body as unknown });
        });
      },
      { publicUrl },
    ),
  );
  const served = await serveForTest(app);
  servers.push(served.close);
  return `${served.base}/api/v1`;
}

beforeAll(async () => {
  strict = await serve(() => `${PUBLIC_URL}/`);
  hostOnly = await serve();
});
afterAll(async () => {
  for (const close of servers) await close();
});

async function call(
  base: string,
  method: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}/favourites/1`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? undefined : '{}',
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const cookie = { 'x-test-credential': 'cookie' };
const refused = {
  status: 403,
  body: {
    error: { code: 'FORBIDDEN', message: 'This request must come from a page on this site.' },
  },
};

describe('cookie-authenticated API writes', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s without Origin or Referer is 403', async (m) => {
    expect(await call(strict, m, cookie)).toEqual(refused);
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['another port', 'https://roost.example:8443'],
    ['plain http', 'http://roost.example'],
    ['a subdomain', 'https://www.roost.example'],
    ['an opaque origin', 'null'],
    ['not a URL', 'roost.example'],
  ])('from %s is 403', async (_label, origin) => {
    expect(await call(strict, 'PUT', { ...cookie, origin })).toEqual(refused);
  });

  it('from PUBLIC_URL is allowed, with or without a path or default port', async () => {
    expect(await call(strict, 'PUT', { ...cookie, origin: PUBLIC_URL })).toMatchObject({
      status: 200,
      body: { method: 'PUT' },
    });
    const spelt = { ...cookie, origin: 'HTTPS://Roost.Example:443' };
    expect((await call(strict, 'DELETE', spelt)).status).toBe(200);
  });

  it('takes the Referer when the browser sent no Origin, never instead of one', async () => {
    const fromPage = { ...cookie, referer: `${PUBLIC_URL}/property/7/flat` };
    expect((await call(strict, 'POST', fromPage)).status).toBe(200);
    const elsewhere = { ...cookie, referer: 'https://evil.example/roost.example' };
    expect(await call(strict, 'POST', elsewhere)).toEqual(refused);
    expect(await call(strict, 'POST', { ...fromPage, origin: 'null' })).toEqual(refused);
  });

  it('leaves reads alone', async () => {
    expect((await call(strict, 'GET', cookie)).status).toBe(200);
    expect((await call(strict, 'HEAD', cookie)).status).toBe(200);
    expect(
      (await call(strict, 'OPTIONS', { ...cookie, origin: 'https://evil.example' })).status,
    ).toBe(200);
  });

  it('compares with the request’s own origin when no PUBLIC_URL is given', async () => {
    const own = new URL(hostOnly).origin;
    expect((await call(hostOnly, 'PUT', { ...cookie, origin: own })).status).toBe(200);
    expect(await call(hostOnly, 'PUT', { ...cookie, origin: PUBLIC_URL })).toEqual(refused);
    expect(await call(hostOnly, 'PUT', cookie)).toEqual(refused);
  });
});

describe('writes the cookie does not authenticate', () => {
  it('allows a Bearer token from anywhere: other sites cannot send one', async () => {
    const bearer = { 'x-test-credential': 'bearer' };
    expect((await call(strict, 'PUT', bearer)).status).toBe(200);
    expect((await call(strict, 'PUT', { ...bearer, origin: 'https://evil.example' })).status).toBe(
      200,
    );
  });

  it('allows signed-out writes (webhooks, enquiries): they carry no one’s authority', async () => {
    expect((await call(strict, 'POST', {})).status).toBe(200);
    expect((await call(strict, 'POST', { origin: 'https://hooks.stripe.com' })).status).toBe(200);
  });
});
