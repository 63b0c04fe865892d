import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where original media bytes live. Keys are content hashes, so storing the same bytes twice is
 * free and a key never changes meaning (which is what lets the image loader cache forever).
 */
export interface BlobStore {
  put(data: Buffer): Promise<string>;
  get(key: string): Promise<Buffer | undefined>;
  /**
   * Removes an original (a no-op when it is not there). Keys are shared by every listing with
   * the same bytes: callers delete only keys nothing refers to any more.
   */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-f0-9]{64}$/;

export function isBlobKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

export function blobKeyOf(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Files under `root`, sharded by the first two hex digits to keep directories small. */
export function createLocalBlobStore(root: string): BlobStore {
  const fileFor = (key: string) => path.join(root, key.slice(0, 2), key);
  return {
    async put(data) {
      const key = blobKeyOf(data);
      const file = fileFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a crash never leaves a half-written original under its key.
      const partial = `${file}.${process.pid}.partial`;
      await fs.writeFile(partial, data);
      await fs.rename(partial, file);
      return key;
    },
    async get(key) {
      if (!isBlobKey(key)) return undefined;
      try {
        return await fs.readFile(fileFor(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      if (!isBlobKey(key)) return;
      await fs.rm(fileFor(key), { force: true });
    },
  };
}

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** For S3-compatible stores (MinIO, R2, Spaces…); omit for Amazon S3. */
  endpoint?: string | undefined;
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Key prefix inside the bucket, e.g. `originals/`. */
  prefix?: string;
}

/** Any S3-compatible store, through `@aws-sdk/client-s3` (loaded only when configured). */
export async function createS3BlobStore(options: S3BlobStoreOptions): Promise<BlobStore> {
  const { S3Client, PutObjectCommand, GetObjectCommand, HeadObjectCommand, DeleteObjectCommand } =
    await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    credentials: options.credentials,
  });
  const prefix = options.prefix ?? 'originals/';
  const objectKey = (key: string) => `${prefix}${key.slice(0, 2)}/${key}`;
  return {
    async put(data) {
      const key = blobKeyOf(data);
      const exists = await client
        .send(new HeadObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }))
        .then(() => true)
        .catch(() => false);
      if (!exists) {
        await client.send(
          new PutObjectCommand({
            Bucket: options.bucket,
            Key: objectKey(key),
            Body: data,
            ContentType: 'application/octet-stream',
          }),
        );
      }
      return key;
    },
    async get(key) {
      if (!isBlobKey(key)) return undefined;
      try {
        const result = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }),
        );
        if (!result.Body) return undefined;
        return Buffer.from(await result.Body.transformToByteArray());
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return undefined;
        throw error;
      }
    },
    async delete(key) {
      if (!isBlobKey(key)) return;
      // S3 answers 204 whether or not the object existed.
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
    },
  };
}
