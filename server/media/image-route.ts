import { Router, type Request } from 'express';
import { DEFAULT_IMAGE_QUALITY, IMAGE_QUALITIES, IMAGE_WIDTHS } from '../../domain/images.ts';
import { type BlobStore, isBlobKey } from './blob-store.ts';
import { renderVariant, WORKING_COPY_WIDTH } from './render-variants.ts';
import {
  createVariantCache,
  type VariantCache,
  type VariantFormat,
  type VariantSpec,
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
}

/**
 * The resizing loader: `/img/<key>?w=&q=` serves an original at one of the fixed widths in the
 * best format the browser accepts, marked immutable so a CDN in front serves it from then on.
 * Variants made at upload are read from the cache; any other is rendered once, from the working
 * copy when there is one, and cached.
 */
export function createImageRouter({
  blobs,
  variants: variantsOrDir,
  onRender,
  onColdOriginal,
}: ImageRouteOptions): Router {
  const router = Router();
  const variants =
    typeof variantsOrDir === 'string' ? createVariantCache(variantsOrDir) : variantsOrDir;
  const inFlight = new Map<string, Promise<Buffer | undefined>>();

  async function serveVariant(key: string, spec: VariantSpec) {
    const cached = await variants.read(key, spec);
    if (cached) return cached;
    const workingCopy =
      spec.width <= WORKING_COPY_WIDTH ? await variants.readSource(key) : undefined;
    const source = workingCopy ?? (await blobs.get(key));
    if (!source) return undefined;
    if (!workingCopy) onColdOriginal?.(key);
    onRender?.(`${key}-${spec.width}-${spec.quality}-${spec.format}`);
    const rendered = await renderVariant(source, spec, 'request');
    await variants.write(key, spec, rendered);
    return rendered;
  }

  router.get('/img/:key', async (req: Request<{ key: string }>, res, next) => {
    const { key } = req.params;
    if (!isBlobKey(key)) {
      res.status(404).type('text/plain').send('Image not found');
      return;
    }
    const spec: VariantSpec = {
      width: nearestAllowed(Number(req.query.w), IMAGE_WIDTHS, 960),
      quality: nearestAllowed(Number(req.query.q), IMAGE_QUALITIES, DEFAULT_IMAGE_QUALITY),
      format: pickFormat(req.headers.accept),
    };
    const etag = `"${key.slice(0, 16)}-${spec.width}-${spec.quality}-${spec.format}"`;
    res.setHeader('Vary', 'Accept');
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    const variantId = `${key}-${spec.width}-${spec.quality}-${spec.format}`;
    try {
      let pending = inFlight.get(variantId);
      if (!pending) {
        pending = serveVariant(key, spec).finally(() => inFlight.delete(variantId));
        inFlight.set(variantId, pending);
      }
      const body = await pending;
      if (!body) {
        res.status(404).type('text/plain').send('Image not found');
        return;
      }
      res.setHeader('Content-Type', CONTENT_TYPES[spec.format]);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('ETag', etag);
      res.send(body);
    } catch (error) {
      next(error);
    }
  });

  return router;
}
