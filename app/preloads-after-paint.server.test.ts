import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { deferModulePreloads, preloadsAfterFirstPaint } from './preloads-after-paint.server';

const HEAD =
  '<!DOCTYPE html><html lang="en-GB"><head><meta charSet="utf-8"/><title>Pricing | Roost</title>' +
  '<link rel="modulepreload" href="/assets/entry.client-CeqyLo1K.js" nonce="n0nce=="/>' +
  '<link rel="modulepreload" href="/assets/root-DkxIOnib.js" nonce="n0nce=="/>' +
  '<link rel="stylesheet" href="/assets/global-C547oVn4.css"/>';
const BODY =
  '</head><body><p>Café £250,000</p><script type="module">import("/x.js")</script></body></html>';

describe('deferModulePreloads', () => {
  it('moves the module preloads into a script, with the nonce, that adds them after the first paint', () => {
    const head = deferModulePreloads(HEAD, 'n0nce==');
    expect(head).not.toContain('<link rel="modulepreload"');
    expect(head).toContain('<link rel="stylesheet" href="/assets/global-C547oVn4.css"/>');
    const script = /<script nonce="n0nce==">(.*)<\/script>$/.exec(head)?.[1];
    expect(script).toContain('["/assets/entry.client-CeqyLo1K.js","/assets/root-DkxIOnib.js"]');

    // Run the script against a stand-in browser: nothing is added before the first paint.
    const run = (paintReported: boolean) => {
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
      new Function('PerformanceObserver', 'setTimeout', 'document', script!)(
        PerformanceObserver,
        (callback: () => void, ms: number) => timers.push({ run: callback, ms }),
        document,
      );
      expect(added).toEqual([]);
      const paint = (name: string) =>
        observer!({ getEntriesByName: (wanted) => (wanted === name ? [{}] : []) });
      paint('first-paint');
      expect(added).toEqual([]);
      if (paintReported) paint('first-contentful-paint');
      else {
        expect(timers.map((timer) => timer.ms)).toEqual([3000]);
        timers[0]!.run();
      }
      // Once only, whichever comes second.
      paint('first-contentful-paint');
      timers[0]!.run();
      return added;
    };
    const links = [
      { rel: 'modulepreload', href: '/assets/entry.client-CeqyLo1K.js' },
      { rel: 'modulepreload', href: '/assets/root-DkxIOnib.js' },
    ];
    expect(run(true)).toEqual(links);
    expect(run(false)).toEqual(links);
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
