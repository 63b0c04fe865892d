import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_SITE_REFUSALS } from '../../server/http/cross-site-guard.ts';
import { createBuiltSiteUser, type BuiltSiteUser } from '../support/built-site-user.ts';
import { startBuiltRoost, type RoostProcess } from '../support/roost-process.ts';

/**
 * The Content-Security-Policy, the cross-site guard on API writes and `Cache-Control` on
 * signed-in pages, on Roost as `npm start` serves it (the production build, demo listings
 * seeded).
 */
let roost: RoostProcess;
let user: BuiltSiteUser;
let dataDir = '';
let stop = async () => {};

beforeAll(async () => {
  ({ roost, dataDir, stop } = await startBuiltRoost('security-headers'));
  user = await createBuiltSiteUser(roost.url, dataDir, 'security.headers@example.com');
}, 300_000);

afterAll(() => stop());

/** Data blocks (JSON-LD) are never run, so the policy does not apply to them. */
const DATA_BLOCK = /^(application\/(ld\+)?json|importmap)$/i;

function inlineScripts(html: string): Array<{ attributes: string; nonce: string | undefined }> {
  const scripts = [];
  for (const [, attributes = ''] of html.matchAll(/<script\b([^>]*)>/gi)) {
    if (/\ssrc=/i.test(attributes)) continue;
    const type = /\stype="([^"]*)"/i.exec(attributes)?.[1];
    if (type && DATA_BLOCK.test(type)) continue;
    scripts.push({ attributes, nonce: /\snonce="([^"]*)"/i.exec(attributes)?.[1] });
  }
  return scripts;
}

async function page(pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${roost.url}${pathname}`, { headers });
  const policy = response.headers.get('content-security-policy') ?? '';
  return {
    status: response.status,
    policy,
    nonce: /'nonce-([^']+)'/.exec(/script-src ([^;]*)/.exec(policy)?.[1] ?? '')?.[1],
    html: await response.text(),
    cache: response.headers.get('x-cache'),
  };
}

describe('the pages’ Content-Security-Policy', () => {
  it('covers every inline script on the home, search, property and account pages', async () => {
    const search = await page('/search/for-sale/');
    const property = /href="(\/property\/\d+\/[a-z0-9-]+)"/.exec(search.html)?.[1];
    expect(property).toBeTruthy();
    const signedIn = { cookie: user.cookie };
    for (const [pathname, headers] of [
      ['/', {}],
      ['/search/for-rent/', {}],
      [property!, {}],
      ['/my-account', {}],
      ['/favourites', signedIn],
    ] as const) {
      const { status, policy, nonce, html } = await page(pathname, headers);
      expect(status, pathname).toBe(200);
      expect(policy, pathname).toContain("frame-ancestors 'none'");
      expect(policy, pathname).not.toContain("'unsafe-inline'");
      expect(nonce, pathname).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const scripts = inlineScripts(html);
      // React Router's context and module loader at least, else the test proves nothing.
      expect(scripts.length, pathname).toBeGreaterThanOrEqual(2);
      for (const script of scripts) expect(script.nonce, script.attributes).toBe(nonce);
      // No style attributes: the policy refuses them.
      expect(html, pathname).not.toMatch(/<[a-z][^>]*\sstyle="/i);
    }
  });

  it('makes a new nonce for every response', async () => {
    const first = await page('/');
    const second = await page('/');
    expect(second.nonce).not.toBe(first.nonce);
  });

  it('replays a cached search page with the policy its nonce belongs to', async () => {
    await page('/search/for-rent/');
    const hit = await page('/search/for-rent/');
    expect(hit.cache).toBe('HIT');
    expect(hit.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const scripts = inlineScripts(hit.html);
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const script of scripts) expect(script.nonce).toBe(hit.nonce);
  });
});

describe('API writes from the browser (the cross-site guard)', () => {
  const favourites = async () => {
    const response = await fetch(`${roost.url}/api/v1/favourites`, {
      headers: { cookie: user.cookie },
    });
    return ((await response.json()) as { ids: string[] }).ids;
  };
  const put = (id: number, headers: Record<string, string>) =>
    fetch(`${roost.url}/api/v1/favourites/${id}`, { method: 'PUT', headers });
  const refusal = (message: string) => ({ error: { code: 'FORBIDDEN', message } });

  it('are refused from another origin', async () => {
    const senders: Record<string, string>[] = [
      { cookie: user.cookie, origin: 'https://evil.example' },
      { cookie: user.cookie, origin: 'null' },
      { cookie: user.cookie, referer: 'https://evil.example/' },
    ];
    for (const headers of senders) {
      const response = await put(2, headers);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(refusal(CROSS_SITE_REFUSALS.foreign.api));
    }
    expect(await favourites()).not.toContain('2');
  });

  it('in production count PUBLIC_URL’s origin only, not another address of the same server', async () => {
    const other = new URL(roost.url);
    other.hostname = other.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const response = await fetch(`${other.origin}/api/v1/favourites/2`, {
      method: 'PUT',
      headers: { cookie: user.cookie, origin: other.origin },
    });
    expect(response.status).toBe(403);
    expect(await favourites()).not.toContain('2');
  });

  it('are refused when they say nothing of where they come from', async () => {
    const response = await put(2, { cookie: user.cookie });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(refusal(CROSS_SITE_REFUSALS.unknown.api));
    expect(await favourites()).not.toContain('2');
  });

  it('are allowed from PUBLIC_URL’s origin (Origin, or Referer when a browser sent none)', async () => {
    expect((await put(3, { cookie: user.cookie, origin: roost.url })).status).toBe(204);
    const referer = `${roost.url}/property/4/flat`;
    expect((await put(4, { cookie: user.cookie, referer })).status).toBe(204);
    expect(await favourites()).toEqual(expect.arrayContaining(['3', '4']));
  });

  it('authenticated only by a Bearer token are allowed from anywhere; with the cookie, checked', async () => {
    const bearer = { authorization: `Bearer ${user.idToken}` };
    expect((await put(5, bearer)).status).toBe(204);
    expect((await put(6, { ...bearer, origin: 'https://evil.example' })).status).toBe(204);
    expect((await put(7, { ...bearer, cookie: user.cookie })).status).toBe(403);
    expect((await put(7, { ...bearer, cookie: user.cookie, origin: roost.url })).status).toBe(204);
    expect(await favourites()).toEqual(expect.arrayContaining(['5', '6', '7']));
  });

  it('signed out need the site’s origin too: a cross-site form would send them in the visitor’s name', async () => {
    const send = (headers: Record<string, string>) =>
      fetch(`${roost.url}/api/v1/contact-messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({
          name: 'Sam',
          email: 'sam@example.co.uk',
          topic: 'general',
          message: 'Is Roost free for landlords?',
        }),
      });
    expect((await send({})).status).toBe(403);
    expect((await send({ origin: roost.url })).status).toBe(201);
  });
});

describe('pages for a signed-in visitor (sign-in cookie)', () => {
  it('are private, no-store; the same page signed out is not', async () => {
    for (const pathname of ['/my-account', '/my-account/data', '/favourites', '/']) {
      const response = await fetch(`${roost.url}${pathname}`, { headers: { cookie: user.cookie } });
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('cache-control'), pathname).toBe('private, no-store');
      await response.arrayBuffer();
    }
    const signedOut = await fetch(`${roost.url}/`);
    expect(signedOut.headers.get('cache-control') ?? '').not.toMatch(/private|no-store/);
  });
});
