import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { defineJob } from '../jobs/job-queue.ts';
import { jobs } from '../jobs/schema.ts';
import { DEFAULT_IMAGE_QUALITY, IMAGE_WIDTHS } from '../../domain/images.ts';
import type { BlobStore } from './blob-store.ts';
import { renderVariantSet } from './render-variants.ts';
import type { VariantCache, VariantSpec } from './variant-cache.ts';

export const PHOTO_VARIANTS_JOB = 'media.photo-variants';

const payload = z.object({ key: z.string().regex(/^[a-f0-9]{64}$/) });

/**
 * What a visitor's browser asks for: every width of the `srcset`, at the default quality, as
 * AVIF (current browsers) and WebP (the rest). JPEG and other qualities are rendered on request.
 */
export const UPLOAD_VARIANTS: readonly VariantSpec[] = IMAGE_WIDTHS.flatMap((width) =>
  (['avif', 'webp'] as const).map((format) => ({ width, quality: DEFAULT_IMAGE_QUALITY, format })),
);

/**
 * Queues the variants of a newly stored original, in the caller's transaction so the job exists
 * exactly when the reference does. One job per original ever (the dedupe key): the same bytes
 * uploaded again, or to another listing, reuse the variants already made.
 */
export async function enqueuePhotoVariants(executor: Pick<Database, 'insert'>, key: string) {
  await executor
    .insert(jobs)
    .values({
      name: PHOTO_VARIANTS_JOB,
      payload: payload.parse({ key }),
      dedupeKey: `${PHOTO_VARIANTS_JOB}:${key}`,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey });
}

/**
 * Renders the variants of one original that are not on disk yet, from one decode. Safe to run
 * again at any point (a retry after a crash redoes only what is missing); an original deleted
 * meanwhile is nothing to do. Returns how many variants were encoded.
 */
export async function generatePhotoVariants(
  blobs: BlobStore,
  variants: VariantCache,
  key: string,
): Promise<number> {
  const missing: VariantSpec[] = [];
  for (const spec of UPLOAD_VARIANTS) if (!(await variants.has(key, spec))) missing.push(spec);
  const hasSource = await variants.hasSource(key);
  if (missing.length === 0 && hasSource) return 0;
  const original = await blobs.get(key);
  if (!original) return 0;
  const rendered = await renderVariantSet(original, missing);
  await variants.writeSource(key, rendered.workingCopy);
  for (const { spec, data } of rendered.variants) await variants.write(key, spec, data);
  return rendered.variants.length;
}

/**
 * The upload-time job: a visitor's first request for a new photo is then a cache hit. Jobs run
 * one at a time per process, so this never takes more than one core from requests; a failure
 * (the blob store unreachable, say) is retried with back-off, and until then the loader renders
 * on request as before. Publishing never waits for it.
 */
export function createPhotoVariantsJob(options: { blobs: BlobStore; variants: VariantCache }) {
  return defineJob({
    name: PHOTO_VARIANTS_JOB,
    payload,
    maxAttempts: 5,
    async run({ key }, { logger }) {
      const encoded = await generatePhotoVariants(options.blobs, options.variants, key);
      if (encoded > 0) logger.debug({ key, encoded }, 'photo variants rendered');
    },
  });
}
