import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import { Router, type Request } from 'express';
import { DEFAULT_IMAGE_QUALITY, IMAGE_QUALITIES, IMAGE_WIDTHS } from '../../domain/images.ts';
import { type BlobStore, isBlobKey } from './blob-store.ts';
import { renderVariant, WORKING_COPY_WIDTH } from './render-variants.ts';
import {
  createVariantCache,
  type VariantCache,
  type VariantFormat,
  type VariantSpec,
  VARIANT_REVISION,
} from './variant-cache.ts';

const CONTENT_TYPES: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

export function pickFormat(accept: string | undefined): VariantFormat {
  if (accept?.includes('image/avif')) return 'avif';
  if (accept?.includes('image/webp')) return 'webp';
  return 'jpeg';
}

function nearestAllowed(requested: number, allowed: readonly number[], fallback: number): number {
  if (!Number.isFinite(requested)) return fallback;
  return allowed.find((value) => value >= requested) ?? allowed[allowed.length - 1]!;
}

/** The variant a request asks for: `w` and `q` snapped to the fixed sets, the format by Accept. */
function specOf(width: unknown, quality: unknown, accept: string | undefined): VariantSpec {
  return {
    width: nearestAllowed(Number(width), IMAGE_WIDTHS, 960),
    quality: nearestAllowed(Number(quality), IMAGE_QUALITIES, DEFAULT_IMAGE_QUALITY),
    format: pickFormat(accept),
  };
}

/**
 * The URL names the original by its content hash and the variant by width, quality and (with
 * `Vary: Accept`) format, so the validator is known before any read.
 */
export const etagOf = (key: string, spec: VariantSpec) =>
  `"${key.slice(0, 16)}-${spec.width}-${spec.quality}-${spec.format}-r${VARIANT_REVISION}"`;

/** A variant as renders are reported and requests for it are joined: `<key>-<w>-<q>-<format>`. */
const variantIdOf = (key: string, spec: VariantSpec) =>
  `${key}-${spec.width}-${spec.quality}-${spec.format}`;

/** If-None-Match holds our ETag: alone, in a list, or weakened by a proxy (`W/`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === etag || trimmed === `W/${etag}`;
  });
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface CachedImageOptions {
  /**
   * Sets the headers every image response carries besides its own: the app's helmet middleware
   * (`X-Content-Type-Options: nosniff`, `Cross-Origin-Resource-Policy`, …) when mounted before
   * the app.
   */
  securityHeaders?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}

export type CachedImageHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
) => void;

/**
 * The cached path alone: a GET or HEAD of `/img/<key>?w=&q=` whose variant is in memory (or
 * whose ETag the client already holds) is answered here, synchronously (helmet sets its headers
 * synchronously too); anything else (a miss, an odd URL) goes on to `next` untouched. The server puts it
 * in front of Express (`answeringCachedImagesFirst`): an image already made needs none of the
 * app's middleware (request log, CSP nonce, compression, session), and Express's own dispatch
 * cost three times the rest of a hit (docs/performance.md).
 */
export function createCachedImageHandler(
  variants: VariantCache,
  { securityHeaders = (_req, _res, next) => next() }: CachedImageOptions = {},
): CachedImageHandler {
  return (req, res, next) => {
    const url = req.url ?? '';
    if (!url.startsWith('/img/') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      next();
      return;
    }
    const queryAt = url.indexOf('?');
    const key = queryAt === -1 ? url.slice(5) : url.slice(5, queryAt);
    const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
    // Percent-encoding has no place in our image URLs: leave it to the guarded route.
    if (!isBlobKey(key) || query.includes('%')) {
      next();
      return;
    }
    const params = querystring.parse(query);
    const spec = specOf(params.w, params.q, req.headers.accept);
    const etag = etagOf(key, spec);
    const validators = ['ETag', etag, 'Cache-Control', IMMUTABLE, 'Vary', 'Accept'];
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      securityHeaders(req, res, () => {
        res.writeHead(304, validators);
        res.end();
      });
      return;
    }
    const body = variants.peek(key, spec);
    if (!body) {
      next();
      return;
    }
    securityHeaders(req, res, () => {
      res.writeHead(200, [
        ...validators,
        'Content-Type',
        CONTENT_TYPES[spec.format],
        'Content-Length',
        String(body.length),
      ]);
      if (req.method === 'HEAD') res.end();
      else res.end(body);
    });
  };
}

/** The server's request listener: cached image hits answered first, everything else by `app`. */
export function answeringCachedImagesFirst(
  hits: CachedImageHandler,
  app: RequestListener,
): RequestListener {
  return (req, res) => hits(req, res, () => app(req, res));
}

export interface ImageRouteOptions {
  blobs: BlobStore;
  /**
   * The rendered variants: pass the server's one (`createVariantCache`), so deleting an original
   * also drops what this route keeps of it in memory; or a directory for a cache of its own.
   */
  variants: VariantCache | string;
  /** Called each time a variant is encoded (not when served from the cache): for tests, benches. */
  onRender?: (variantId: string) => void;
  /**
   * Called when a variant had to be rendered from the full original (no working copy yet): a
   * photo uploaded before upload-time variants existed, or a cleared cache. The server queues
   * the photo's variants then, so the original is decoded in full once, not once per variant.
   */
  onColdOriginal?: (key: string) => void;
  /**
   * Called when a rendered variant could not be stored (the response had gone already): it is
   * rendered again on its next request.
   */
  onStoreError?: (error: unknown, variantId: string) => void;
}

/**
 * A variant's bytes by id, read or rendered once however many requests ask meanwhile. A rendered
 * variant is handed over as soon as it exists, before it is stored (writing the file took about
 * a tenth of a cold request's time), and stays shared until it is stored, so no request renders
 * it again in between.
 */
function variantSource({
  blobs,
  variants,
  onRender,
  onColdOriginal,
  onStoreError = (error, variantId) =>
    console.error(`Could not store the image variant ${variantId}:`, error),
}: Omit<ImageRouteOptions, 'variants'> & { variants: VariantCache }) {
  const inFlight = new Map<string, Promise<Buffer | undefined>>();

  async function readOrRender(key: string, spec: VariantSpec) {
    const cached = await variants.read(key, spec);
    if (cached) return { body: cached };
    const workingCopy =
      spec.width <= WORKING_COPY_WIDTH ? await variants.readSource(key) : undefined;
    const source = workingCopy ?? (await blobs.get(key));
    if (!source) return { body: undefined };
    if (!workingCopy) onColdOriginal?.(key);
    onRender?.(variantIdOf(key, spec));
    const body = await renderVariant(source, spec, 'request');
    return { body, rendered: true as const };
  }

  function start(key: string, spec: VariantSpec, variantId: string) {
    const pending = readOrRender(key, spec);
    const body = pending.then((result) => result.body);
    inFlight.set(variantId, body);
    void pending
      .then(
        async (result) => {
          if (!result.rendered) return;
          await variants
            .write(key, spec, result.body)
            .catch((error: unknown) => onStoreError(error, variantId));
        },
        // A failed read or render reaches the request through `body`.
        () => undefined,
      )
      .finally(() => inFlight.delete(variantId));
    return body;
  }

  return (key: string, spec: VariantSpec, variantId: string) =>
    inFlight.get(variantId) ?? start(key, spec, variantId);
}

/**
 * The resizing loader: `/img/<key>?w=&q=` serves an original at one of the fixed widths in the
 * best format the browser accepts, marked immutable so a CDN in front serves it from then on.
 * Variants made at upload are read from the cache; any other is rendered once, from the working
 * copy when there is one, and cached.
 */
export function createImageRouter({
  variants: variantsOrDir,
  ...options
}: ImageRouteOptions): Router {
  const router = Router();
  const variants =
    typeof variantsOrDir === 'string' ? createVariantCache(variantsOrDir) : variantsOrDir;
  // Hits in memory are answered by `createCachedImageHandler`, which the server puts in front of
  // Express; without it (tests, benches) they are still served below, from `variants.read`.
  const variantFor = variantSource({ ...options, variants });

  router.get('/img/:key', async (req: Request<{ key: string }>, res, next) => {
    const { key } = req.params;
    if (!isBlobKey(key)) {
      res.status(404).type('text/plain').send('Image not found');
      return;
    }
    const spec = specOf(req.query.w, req.query.q, req.headers.accept);
    const etag = etagOf(key, spec);
    res.setHeader('Vary', 'Accept');
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    const variantId = variantIdOf(key, spec);
    try {
      const body = await variantFor(key, spec, variantId);
      if (!body) {
        res.status(404).type('text/plain').send('Image not found');
        return;
      }
      res.setHeader('Content-Type', CONTENT_TYPES[spec.format]);
      res.setHeader('Cache-Control', IMMUTABLE);
      res.setHeader('ETag', etag);
      res.send(body);
    } catch (error) {
      next(error);
    }
  });

  return router;
}
