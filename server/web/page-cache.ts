import type { RequestHandler, Response } from 'express';
import { hasAmplifyCookies } from '../auth/token-cookies.ts';
import type { ChangeFeed } from '../changes/change-feed.ts';

export interface PageCacheOptions {
  /** How long a rendered page is reused; 0 turns the cache off. */
  seconds: number;
  /** Which paths may be cached (only pages that are the same for every signed-out visitor). */
  paths: RegExp;
  maxEntries?: number;
  now?: () => number;
  /** Drops every page when what search shows changes, on any instance. */
  changes?: Pick<ChangeFeed, 'subscribe'>;
}

/** The cache's middleware, and a way to drop every page (what search shows has changed). */
export type PageCache = RequestHandler & { clear(): void };

interface Entry {
  expires: number;
  stored: number;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Response headers a cached page is replayed with (never Set-Cookie: such pages are not kept).
 * The Content-Security-Policy goes with the body, as its nonce is the one in the body's inline
 * scripts: every visitor of the entry gets the same fixed page and the policy made for it.
 */
const KEPT_HEADERS = [
  'content-type',
  'vary',
  'link',
  'content-language',
  'content-security-policy',
];

/**
 * A few seconds' memory of server-rendered pages for signed-out visitors: a popular town's
 * search page is rendered once and served to everyone asking for it in that time, as a CDN in
 * front would. Signed-in visitors (their pages show their own hidden homes and menus), other
 * methods, non-200 answers, answers that set cookies and answers marked `private` or
 * `no-store` always go to the app.
 */
export function createPageCache({
  seconds,
  paths,
  maxEntries = 1000,
  now = Date.now,
  changes,
}: PageCacheOptions): PageCache {
  const entries = new Map<string, Entry>();
  changes?.subscribe((change) => {
    if (change.kind === 'search') entries.clear();
  });
  const handler: RequestHandler = (req, res, next) => {
    if (seconds <= 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    if (!paths.test(req.path) || hasAmplifyCookies(req.headers.cookie)) return next();
    const key = req.originalUrl;
    const hit = entries.get(key);
    if (hit && hit.expires > now()) {
      res.status(hit.status).set(hit.headers);
      res.set('Age', String(Math.floor((now() - hit.stored) / 1000)));
      res.set('X-Cache', 'HIT');
      res.end(req.method === 'HEAD' ? undefined : hit.body);
      return;
    }
    if (req.method === 'GET') keepWhenDone(res, (entry) => remember(key, entry));
    res.set('X-Cache', 'MISS');
    next();
  };
  return Object.assign(handler, { clear: () => entries.clear() });

  function remember(key: string, entry: Omit<Entry, 'expires' | 'stored'>) {
    entries.delete(key);
    // Oldest first out: a Map keeps insertion order.
    while (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    const stored = now();
    entries.set(key, { ...entry, stored, expires: stored + seconds * 1000 });
  }
}

/** Collects what the app writes and hands it over once the response has gone, if it is keepable. */
function keepWhenDone(res: Response, keep: (entry: Omit<Entry, 'expires' | 'stored'>) => void) {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const collect = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : Buffer.from(
              String(chunk),
              typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
            ),
    );
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as Response['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return end(chunk, ...rest);
  }) as Response['end'];
  res.on('finish', () => {
    const type = String(res.getHeader('content-type') ?? '');
    // A page marked private or no-store (a signed-in visitor's) is never kept, whatever sent it.
    const cacheControl = String(res.getHeader('cache-control') ?? '');
    if (
      res.statusCode !== 200 ||
      res.getHeader('set-cookie') ||
      !type.startsWith('text/html') ||
      /\b(private|no-store)\b/i.test(cacheControl)
    ) {
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = res.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    keep({ status: 200, headers, body: Buffer.concat(chunks) });
  });
}
