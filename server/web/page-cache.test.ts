import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { serveForTest } from '../../tests/support/serve.ts';
import { contentSecurityPolicy, cspNonceOf } from '../http/content-security-policy.ts';
import { createPageCache } from './page-cache.ts';

let close: (() => Promise<void>) | undefined;
afterEach(() => close?.());

/** A tiny app whose pages say how many times they were rendered. */
async function serve(seconds: number, clock: { now: number }) {
  let renders = 0;
  const app = express();
  app.use(createPageCache({ seconds, paths: /^\/search\//, now: () => clock.now }));
  app.get('/search/:town', (req, res) => {
    renders += 1;
    if (req.query.cookie) res.cookie('flag', '1');
    if (typeof req.query.cacheControl === 'string')
      res.set('Cache-Control', req.query.cacheControl);
    if (req.query.missing) return void res.status(404).type('html').send('none');
    res.type('html');
    res.write(`<p>${req.params.town} `);
    res.end(`render ${renders}</p>`);
  });
  app.get('/other', (_req, res) => void res.type('html').send(`render ${++renders}`));
  const { base, close: stop } = await serveForTest(app);
  close = stop;
  return async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, { headers });
    return { text: await response.text(), cache: response.headers.get('x-cache') };
  };
}

describe('the signed-out page cache', () => {
  it('serves a page again for its lifetime, then renders it afresh', async () => {
    const clock = { now: 0 };
    const get = await serve(10, clock);
    expect(await get('/search/leeds')).toEqual({ text: '<p>leeds render 1</p>', cache: 'MISS' });
    clock.now = 9_000;
    expect(await get('/search/leeds')).toEqual({ text: '<p>leeds render 1</p>', cache: 'HIT' });
    expect((await get('/search/york')).text).toBe('<p>york render 2</p>');
    clock.now = 10_001;
    expect(await get('/search/leeds')).toEqual({ text: '<p>leeds render 3</p>', cache: 'MISS' });
  });

  it('never keeps pages for signed-in visitors, other paths, errors or answers setting cookies', async () => {
    const clock = { now: 0 };
    const get = await serve(10, clock);
    const signedIn = { cookie: 'CognitoIdentityServiceProvider.client.user.idToken=x' };
    await get('/search/leeds', signedIn);
    expect((await get('/search/leeds', signedIn)).text).toBe('<p>leeds render 2</p>');
    await get('/other');
    expect((await get('/other')).text).toBe('render 4');
    await get('/search/leeds?missing=1');
    await get('/search/leeds?missing=1');
    await get('/search/leeds?cookie=1');
    expect((await get('/search/leeds?cookie=1')).text).toBe('<p>leeds render 8</p>');
  });

  it('never keeps an answer marked private or no-store, whoever it was rendered for', async () => {
    const get = await serve(10, { now: 0 });
    for (const [query, renders] of [
      ['private,%20no-store', [1, 2]],
      ['no-store', [3, 4]],
      ['private', [5, 6]],
    ] as const) {
      for (const render of renders) {
        expect((await get(`/search/leeds?cacheControl=${query}`)).text).toBe(
          `<p>leeds render ${render}</p>`,
        );
      }
    }
  });

  it('is off at 0 seconds', async () => {
    const get = await serve(0, { now: 0 });
    await get('/search/leeds');
    expect((await get('/search/leeds')).text).toBe('<p>leeds render 2</p>');
  });

  it("replays the policy whose nonce the cached page carries, not the new response's", async () => {
    const app = express();
    // As in the site: the policy (a fresh nonce each response) first, then the cache.
    app.use(contentSecurityPolicy());
    app.use(createPageCache({ seconds: 10, paths: /^\/search\// }));
    app.get('/search/leeds', (_req, res) => {
      res.type('html').send(`<script nonce="${cspNonceOf(res)}">hydrate()</script>`);
    });
    const { base, close: stop } = await serveForTest(app);
    close = stop;
    const nonces = async () => {
      const response = await fetch(`${base}/search/leeds`);
      const header = response.headers.get('content-security-policy') ?? '';
      return {
        cache: response.headers.get('x-cache'),
        header: /'nonce-([^']+)'/.exec(header)?.[1],
        body: /nonce="([^"]+)"/.exec(await response.text())?.[1],
      };
    };
    const first = await nonces();
    expect(first.cache).toBe('MISS');
    expect(first.header).toBeTruthy();
    expect(first.body).toBe(first.header);
    const again = await nonces();
    expect(again).toEqual({ ...first, cache: 'HIT' });
  });
});
