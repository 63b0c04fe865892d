import path from 'node:path';
import { z } from 'zod';
import { createLocalBlobStore, createS3BlobStore, type BlobStore } from './blob-store.ts';
import { DEFAULT_IMAGE_LIMITS, type ImageLimits } from './process-image.ts';

const positiveInt = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

const mediaEnv = z.object({
  MEDIA_MAX_UPLOAD_MB: positiveInt(25),
  MEDIA_MAX_PHOTOS: positiveInt(30),
  MEDIA_MAX_PIXELS: positiveInt(DEFAULT_IMAGE_LIMITS.maxPixels),
  MEDIA_MAX_ANONYMOUS_PHOTOS: positiveInt(10),
  MEDIA_DECODE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  ANONYMOUS_DRAFTS_PER_HOUR: positiveInt(10),
  ANONYMOUS_DRAFT_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('eu-west-2'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
});

export interface MediaConfig {
  limits: ImageLimits;
  maxPhotos: number;
  /** Photos and floorplans a draft started signed out may hold until someone signs in. */
  maxAnonymousMedia: number;
  /** Images decoded at once (each can take hundreds of megabytes while it is worked on). */
  decodeConcurrency: number;
  /** Drafts one address may start signed out in an hour, and how long untouched ones are kept. */
  anonymousDrafts: { perHour: number; keepDays: number };
  store:
    | { kind: 'local'; root: string }
    | {
        kind: 's3';
        bucket: string;
        region: string;
        endpoint: string | undefined;
        forcePathStyle: boolean | undefined;
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      };
}

/** Media settings: upload limits, and the blob store (local files, or S3 when S3_BUCKET is set). */
export function parseMediaConfig(source: NodeJS.ProcessEnv, dataDir: string): MediaConfig {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value));
  const result = mediaEnv.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const env = result.data;
  const limits: ImageLimits = {
    ...DEFAULT_IMAGE_LIMITS,
    maxBytes: env.MEDIA_MAX_UPLOAD_MB * 1024 * 1024,
    maxPixels: env.MEDIA_MAX_PIXELS,
  };
  const credentials =
    env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
      : undefined;
  return {
    limits,
    maxPhotos: env.MEDIA_MAX_PHOTOS,
    maxAnonymousMedia: env.MEDIA_MAX_ANONYMOUS_PHOTOS,
    decodeConcurrency: env.MEDIA_DECODE_CONCURRENCY,
    anonymousDrafts: { perHour: env.ANONYMOUS_DRAFTS_PER_HOUR, keepDays: env.ANONYMOUS_DRAFT_DAYS },
    store: env.S3_BUCKET
      ? {
          kind: 's3',
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : undefined,
          credentials,
        }
      : { kind: 'local', root: path.join(dataDir, 'media', 'originals') },
  };
}

export async function createBlobStore(config: MediaConfig): Promise<BlobStore> {
  return config.store.kind === 's3'
    ? createS3BlobStore(config.store)
    : createLocalBlobStore(config.store.root);
}
