import fs from 'node:fs/promises';
import path from 'node:path';
import { Router, type Request } from 'express';
import sharp from 'sharp';
import { DEFAULT_IMAGE_QUALITY, IMAGE_QUALITIES, IMAGE_WIDTHS } from '../../domain/images.ts';
import { type BlobStore, isBlobKey } from './blob-store.ts';

type OutputFormat = 'avif' | 'webp' | 'jpeg';

const CONTENT_TYPES: Record<OutputFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

/** Refuse to decode anything bigger than this many pixels (decompression bombs). */
const MAX_INPUT_PIXELS = 100_000_000;

export function pickFormat(accept: string | undefined): OutputFormat {
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
  /** Directory for rendered variants; safe to delete at any time. */
  cacheDir: string;
  /** Called each time a variant is encoded (not when served from the cache): for tests, benches. */
  onRender?: (variantId: string) => void;
}

/**
 * The resizing loader: `/img/<key>?w=&q=` renders an original at one of the fixed widths in the
 * best format the browser accepts, caches the result on disk and marks it immutable, so a CDN
 * in front serves it from then on.
 */
export function createImageRouter({ blobs, cacheDir, onRender }: ImageRouteOptions): Router {
  const router = Router();
  const inFlight = new Map<string, Promise<Buffer | undefined>>();

  async function renderVariant(key: string, width: number, quality: number, format: OutputFormat) {
    const file = path.join(cacheDir, key.slice(0, 2), `${key}-${width}-${quality}.${format}`);
    const cached = await fs.readFile(file).catch(() => undefined);
    if (cached) return cached;
    const original = await blobs.get(key);
    if (!original) return undefined;
    onRender?.(`${key}-${width}-${quality}-${format}`);
    const rendered = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .toFormat(format, { quality, ...(format === 'avif' ? { effort: 2 } : {}) })
      .toBuffer();
    await fs.mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    await fs.writeFile(partial, rendered);
    await fs.rename(partial, file);
    return rendered;
  }

  router.get('/img/:key', async (req: Request<{ key: string }>, res, next) => {
    const { key } = req.params;
    if (!isBlobKey(key)) {
      res.status(404).type('text/plain').send('Image not found');
      return;
    }
    const width = nearestAllowed(Number(req.query.w), IMAGE_WIDTHS, 960);
    const quality = nearestAllowed(Number(req.query.q), IMAGE_QUALITIES, DEFAULT_IMAGE_QUALITY);
    const format = pickFormat(req.headers.accept);
    const etag = `"${key.slice(0, 16)}-${width}-${quality}-${format}"`;
    res.setHeader('Vary', 'Accept');
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    const variantId = `${key}-${width}-${quality}-${format}`;
    try {
      let pending = inFlight.get(variantId);
      if (!pending) {
        pending = renderVariant(key, width, quality, format).finally(() =>
          inFlight.delete(variantId),
        );
        inFlight.set(variantId, pending);
      }
      const body = await pending;
      if (!body) {
        res.status(404).type('text/plain').send('Image not found');
        return;
      }
      res.setHeader('Content-Type', CONTENT_TYPES[format]);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('ETag', etag);
      res.send(body);
    } catch (error) {
      next(error);
    }
  });

  return router;
}
