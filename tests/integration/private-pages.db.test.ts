import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startWebAppForTest,
  TEST_USER_HEADER,
  type WebAppForTest,
} from '../support/web-app-for-test.ts';

/**
 * Pages rendered for a signed-in visitor carry `Cache-Control: private, no-store`, so no
 * browser history, shared proxy or CDN keeps one person's page for the next; the signed-out
 * search page cache keeps working and never stores a signed-in visitor's page.
 */
const MEMBER = 'private-pages-member';
let site: WebAppForTest;

beforeAll(async () => {
  site = await startWebAppForTest({ pageCacheSeconds: 60 });
}, 120_000);
afterAll(async () => {
  await site.close();
});

async function get(path: string, signedIn: boolean): Promise<Response> {
  const response = await fetch(`${site.base}${path}`, {
    redirect: 'manual',
    headers: signedIn ? { [TEST_USER_HEADER]: MEMBER } : {},
  });
  await response.arrayBuffer();
  return response;
}

describe('pages for a signed-in visitor', () => {
  it.each(['/my-account', '/my-account/data', '/', '/search/for-sale/', '/favourites'])(
    '%s is private, no-store',
    async (path) => {
      const response = await get(path, true);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    },
  );

  it('including the data a page loads on navigation (`.data`)', async () => {
    const response = await get('/my-account/data.data', true);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('and the API’s answers about them', async () => {
    const response = await get('/api/v1/favourites', true);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('and the personal-data export', async () => {
    const response = await fetch(`${site.base}/my-account/data/export`, {
      method: 'POST',
      headers: {
        [TEST_USER_HEADER]: MEMBER,
        origin: site.base,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: '',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    await response.arrayBuffer();
  });

  it('and the account pages even when the visitor is signed out (sent to sign in)', async () => {
    const response = await get('/my-account/data', false);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('pages for a signed-out visitor', () => {
  it('are not marked private: the home page may be cached', async () => {
    const response = await get('/', false);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control') ?? '').not.toMatch(/private|no-store/);
  });
});

describe('the signed-out search page cache', () => {
  it('still serves a signed-out search page from memory', async () => {
    expect((await get('/search/for-sale/leeds', false)).headers.get('x-cache')).toBe('MISS');
    expect((await get('/search/for-sale/leeds', false)).headers.get('x-cache')).toBe('HIT');
  });

  it('never stores the page it rendered for a signed-in visitor', async () => {
    const signedIn = await get('/search/for-rent/york', true);
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    const next = await get('/search/for-rent/york', false);
    expect(next.headers.get('x-cache')).toBe('MISS');
    expect(next.headers.get('cache-control') ?? '').not.toMatch(/private/);
  });
});
