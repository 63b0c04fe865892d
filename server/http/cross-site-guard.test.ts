import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveForTest } from '../../tests/support/serve.ts';
import { rejectCrossSiteWrites, type CrossSiteGuardOptions } from './cross-site-guard.ts';

/**
 * The cross-site rule case by case, in front of a catch-all that echoes what reached it. Which
 * routes it covers is proved by `tests/integration/cross-site-routes.db.test.ts`.
 */
const PUBLIC_URL = 'https://roost.example';
const SESSION_COOKIE = 'CognitoIdentityServiceProvider.client.LastAuthUser=u1';
const servers: Array<() => Promise<void>> = [];
let strict: string;
let hostOnly: string;
let ownToo: string;

async function serve(options: CrossSiteGuardOptions) {
  const app = express();
  app.use((req, _res, next) => {
    req.log = pino({ level: 'silent' });
    next();
  });
  app.use(rejectCrossSiteWrites(options));
  app.all('/{*splat}', (req, res) => {
    res.json({ method: req.method });
  });
  const served = await serveForTest(app);
  servers.push(served.close);
  return served.base;
}

beforeAll(async () => {
  strict = await serve({ publicUrl: () => `${PUBLIC_URL}/` });
  hostOnly = await serve({});
  ownToo = await serve({ publicUrl: () => PUBLIC_URL, acceptOwnOrigin: true });
});
afterAll(async () => {
  for (const close of servers) await close();
});

async function call(
  url: string,
  method: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; body: string }> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? undefined : 'a=1',
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: await response.text(),
  };
}

const refusedForeign = {
  error: { code: 'FORBIDDEN', message: 'This request must come from a page on this site.' },
};

describe('writes to /api/v1', () => {
  const api = () => `${strict}/api/v1/favourites/1`;

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    '%s without Origin or Referer is 403 saying what to send',
    async (method) => {
      const answer = await call(api(), method, { cookie: SESSION_COOKIE });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({
        error: {
          code: 'FORBIDDEN',
          message: expect.stringContaining('send an Origin header') as string,
        },
      });
    },
  );

  it.each([
    ['another site', 'https://evil.example'],
    ['another port', 'https://roost.example:8443'],
    ['plain http', 'http://roost.example'],
    ['a subdomain', 'https://www.roost.example'],
    ['an opaque origin', 'null'],
    ['not a URL', 'roost.example'],
  ])('from %s is 403', async (_label, origin) => {
    const answer = await call(api(), 'PUT', { origin });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual(refusedForeign);
  });

  it('from PUBLIC_URL is allowed, with or without a path or default port', async () => {
    expect((await call(api(), 'PUT', { origin: PUBLIC_URL })).status).toBe(200);
    expect((await call(api(), 'DELETE', { origin: 'HTTPS://Roost.Example:443' })).status).toBe(200);
  });

  it('takes the Referer when the browser sent no Origin, never instead of one', async () => {
    const fromPage = { referer: `${PUBLIC_URL}/property/7/flat` };
    expect((await call(api(), 'POST', fromPage)).status).toBe(200);
    expect(
      (await call(api(), 'POST', { referer: 'https://evil.example/roost.example' })).status,
    ).toBe(403);
    expect((await call(api(), 'POST', { ...fromPage, origin: 'null' })).status).toBe(403);
  });

  it('lets a call authenticated only by an Authorization header through, from anywhere', async () => {
    const bearer = { authorization: 'Bearer a.b.c' };
    expect((await call(api(), 'PUT', bearer)).status).toBe(200);
    expect((await call(api(), 'PUT', { ...bearer, origin: 'https://evil.example' })).status).toBe(
      200,
    );
  });

  it('checks a Bearer call that also carries the sign-in cookie, as a browser would send it', async () => {
    const both = { authorization: 'Bearer a.b.c', cookie: SESSION_COOKIE };
    expect((await call(api(), 'PUT', both)).status).toBe(403);
    expect((await call(api(), 'PUT', { ...both, origin: 'https://evil.example' })).status).toBe(
      403,
    );
    expect((await call(api(), 'PUT', { ...both, origin: PUBLIC_URL })).status).toBe(200);
  });

  it('checks signed-out writes too: a cross-site enquiry would be sent in the visitor’s name', async () => {
    expect((await call(`${strict}/api/v1/contact-messages`, 'POST')).status).toBe(403);
    expect(
      (await call(`${strict}/api/v1/contact-messages`, 'POST', { origin: PUBLIC_URL })).status,
    ).toBe(200);
  });
});

describe('writes to pages and resource routes', () => {
  it('answers a plain page for a form from another site, or one that says nothing', async () => {
    const senders: Record<string, string>[] = [{ origin: 'https://evil.example' }, {}];
    for (const headers of senders) {
      const answer = await call(`${strict}/my-account/data/export`, 'POST', headers);
      expect(answer.status).toBe(403);
      expect(answer.type).toMatch(/^text\/html/);
      expect(answer.body).toContain('nothing was changed');
    }
  });

  it('does not take an Authorization header instead of an origin on pages', async () => {
    const answer = await call(`${strict}/my-account`, 'POST', { authorization: 'Bearer a.b.c' });
    expect(answer.status).toBe(403);
  });

  it('lets the site’s own forms through', async () => {
    expect((await call(`${strict}/my-account`, 'POST', { origin: PUBLIC_URL })).status).toBe(200);
  });
});

describe('what the rule leaves alone', () => {
  it('reads, whatever their origin', async () => {
    expect((await call(`${strict}/my-account`, 'GET')).status).toBe(200);
    expect((await call(`${strict}/my-account`, 'HEAD')).status).toBe(200);
    const foreign = { origin: 'https://evil.example' };
    expect((await call(`${strict}/api/v1/me`, 'OPTIONS', foreign)).status).toBe(200);
  });

  it.each(['/idp', '/idp/', '/oauth2/token', '/oauth2/idpresponse', '/api/v1/payments/webhook'])(
    '%s, authenticated by its body or signature and meant to be called from elsewhere',
    async (path) => {
      expect((await call(`${strict}${path}`, 'POST')).status).toBe(200);
      expect(
        (await call(`${strict}${path}`, 'POST', { origin: 'https://evil.example' })).status,
      ).toBe(200);
    },
  );
});

describe('which origin is the site’s', () => {
  it('is the request’s own origin when no PUBLIC_URL is given', async () => {
    const own = new URL(hostOnly).origin;
    expect((await call(`${hostOnly}/my-account`, 'POST', { origin: own })).status).toBe(200);
    expect((await call(`${hostOnly}/my-account`, 'POST', { origin: PUBLIC_URL })).status).toBe(403);
  });

  it('is PUBLIC_URL’s, and the request’s own only where the server is told to accept it', async () => {
    const own = new URL(ownToo).origin;
    expect((await call(`${ownToo}/my-account`, 'POST', { origin: own })).status).toBe(200);
    expect((await call(`${ownToo}/my-account`, 'POST', { origin: PUBLIC_URL })).status).toBe(200);
    expect(
      (await call(`${strict}/my-account`, 'POST', { origin: new URL(strict).origin })).status,
    ).toBe(403);
  });
});
