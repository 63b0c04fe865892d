import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import {
  deferModulePreloads,
  PRELOADS_A_TASK,
  preloadsAfterFirstPaint,
} from './preloads-after-paint.server';

const HEAD =
  '<!DOCTYPE html><html lang="en-GB"><head><meta charSet="utf-8"/><title>Pricing | Roost</title>' +
  '<link rel="modulepreload" href="/assets/entry.client-CeqyLo1K.js" nonce="n0nce=="/>' +
  '<link rel="modulepreload" href="/assets/root-DkxIOnib.js" nonce="n0nce=="/>' +
  '<link rel="stylesheet" href="/assets/global-C547oVn4.css"/>';
const BODY =
  '</head><body><p>Café £250,000</p><script type="module">import("/x.js")</script></body></html>';

/** Runs the inline script against a stand-in for the few browser APIs it uses. */
function standInBrowser(script: string) {
  const added: { rel: string; href: string }[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  let observer: ((list: { getEntriesByName(name: string): unknown[] }) => void) | undefined;
  class PerformanceObserver {
    constructor(callback: typeof observer) {
      observer = callback;
    }
    observe(options: unknown) {
      expect(options).toEqual({ type: 'paint', buffered: true });
    }
  }
  const document = {
    createElement: () => ({ rel: '', href: '' }),
    head: { appendChild: (link: { rel: string; href: string }) => added.push(link) },
  };
  new Function('PerformanceObserver', 'setTimeout', 'document', script)(
    PerformanceObserver,
    (callback: () => void, ms: number) => timers.push({ run: callback, ms }),
    document,
  );
  const paint = (name: string) =>
    observer!({ getEntriesByName: (wanted) => (wanted === name ? [{}] : []) });
  return { added, timers, paint };
}

describe('deferModulePreloads', () => {
  it('moves the module preloads into a script, with the nonce, that adds them after the first paint', () => {
    const head = deferModulePreloads(HEAD, 'n0nce==');
    expect(head).not.toContain('<link rel="modulepreload"');
    expect(head).toContain('<link rel="stylesheet" href="/assets/global-C547oVn4.css"/>');
    const script = /<script nonce="n0nce==">(.*)<\/script>$/.exec(head)?.[1];
    expect(script).toContain('["/assets/entry.client-CeqyLo1K.js","/assets/root-DkxIOnib.js"]');

    // Run the script against a stand-in browser: nothing is added before the first paint.
    const run = (paintReported: boolean) => {
      const browser = standInBrowser(script!);
      expect(browser.added).toEqual([]);
      browser.paint('first-paint');
      expect(browser.added).toEqual([]);
      if (paintReported) browser.paint('first-contentful-paint');
      else {
        expect(browser.timers.map((timer) => timer.ms)).toEqual([3000]);
        browser.timers[0]!.run();
      }
      // Once only, whichever comes second.
      browser.paint('first-contentful-paint');
      browser.timers[0]!.run();
      return browser.added;
    };
    const links = [
      { rel: 'modulepreload', href: '/assets/entry.client-CeqyLo1K.js' },
      { rel: 'modulepreload', href: '/assets/root-DkxIOnib.js' },
    ];
    expect(run(true)).toEqual(links);
    expect(run(false)).toEqual(links);
  });

  it(`adds ${PRELOADS_A_TASK} links a task, in order, so no one task is long`, () => {
    const hrefs = Array.from({ length: 10 }, (_, index) => `/assets/chunk-${index}.js`);
    const head = deferModulePreloads(
      `<head>${hrefs.map((href) => `<link rel="modulepreload" href="${href}"/>`).join('')}`,
      undefined,
    );
    const browser = standInBrowser(/<script>(.*)<\/script>$/.exec(head)![1]!);
    browser.paint('first-contentful-paint');
    const perTask = [browser.added.length];
    // The 3 s fallback stays first in line and does nothing; each later timer is the next batch.
    for (let next = 1; next < browser.timers.length; next++) {
      const timer = browser.timers[next]!;
      expect(timer.ms).toBe(0);
      const before = browser.added.length;
      timer.run();
      perTask.push(browser.added.length - before);
    }
    expect(perTask).toEqual([4, 4, 2]);
    expect(browser.added.map((link) => link.href)).toEqual(hrefs);
    browser.timers[0]!.run();
    expect(browser.added).toHaveLength(10);
  });

  it('leaves a head without module preloads, and any href that is not a built asset, alone', () => {
    const plain = '<head><title>Roost</title>';
    expect(deferModulePreloads(plain, 'n')).toBe(plain);
    const odd = '<head><link rel="modulepreload" href="/assets/a.js?x=&quot;&lt;"/>';
    expect(deferModulePreloads(odd, 'n')).toBe(odd);
  });

  it('writes no nonce attribute when the response has none', () => {
    expect(deferModulePreloads(HEAD, undefined)).toMatch(/<script>\(function/);
  });
});

describe('preloadsAfterFirstPaint', () => {
  it('rewrites the head however the page is split into chunks, and passes the rest through', async () => {
    const page = Buffer.from(HEAD + BODY);
    const expected = deferModulePreloads(HEAD, 'n0nce==') + BODY;
    // Every split point, including inside the multi-byte 'é' and '£' and inside '</head>'.
    for (let at = 1; at < page.length; at++) {
      const out = Readable.from([page.subarray(0, at), page.subarray(at)]).pipe(
        preloadsAfterFirstPaint('n0nce=='),
      );
      expect(await text(out)).toBe(expected);
    }
  });

  it('passes a document with no head end through unchanged', async () => {
    const out = Readable.from([Buffer.from('<p>Café</p>')]).pipe(preloadsAfterFirstPaint('n'));
    expect(await text(out)).toBe('<p>Café</p>');
  });
});
