import fs from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from '../changes/change-feed.ts';
import { isBlobKey, type BlobStore } from './blob-store.ts';

export type VariantFormat = 'avif' | 'webp' | 'jpeg';

export interface VariantSpec {
  width: number;
  quality: number;
  format: VariantFormat;
}

/**
 * Raised whenever an encoder setting changes what a variant's bytes are (2: AVIF's quality scale,
 * `render-variants.ts`): it names the files here and the ETags, so nothing made before is served
 * as if it were what the URL now asks for.
 */
export const VARIANT_REVISION = 2;

/** A variant's file name, also its name in memory. */
export const variantFileName = (key: string, { width, quality, format }: VariantSpec) =>
  `${key}-${width}-${quality}-r${VARIANT_REVISION}.${format}`;

export interface VariantCacheOptions {
  /** Bytes of recently read or written variants kept in memory (0: none). */
  memoryBytes?: number;
  /**
   * How long a variant is served from memory before the disk is asked again: bounds how long
   * another instance's deletion of an original can go unseen here.
   */
  memoryTtlMs?: number;
}

const readIfThere = (file: string) => fs.readFile(file).catch(() => undefined);
const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/** Write then rename, so a reader never sees half a file and a crash leaves none. */
async function writeWhole(file: string, data: Buffer) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
  await fs.writeFile(partial, data);
  await fs.rename(partial, file);
}

/** Deletes every file in `folder` made from the original `key`. */
async function removeFilesOf(folder: string, key: string) {
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(`${key}-`))
      .map((name) => fs.rm(path.join(folder, name), { force: true })),
  );
}

/**
 * Rendered variants on disk, by original: `<dir>/<ab>/<key>-<width>-<quality>-r<revision>.<format>`, plus
 * the working copy (`<key>-source`, JPEG or WebP) variants are resized from once it exists.
 * Everything here can be rebuilt from the original, so the directory is safe to delete.
 * The variants read most recently are also kept in memory (a search page's thumbnails are asked
 * for again and again; a file read each time cost most of a cached request).
 */
export function createVariantCache(
  dir: string,
  { memoryBytes = 64 * 1024 * 1024, memoryTtlMs = 60_000 }: VariantCacheOptions = {},
) {
  const folderOf = (key: string) => path.join(dir, key.slice(0, 2));
  // The file name is also the variant's name in memory (no path.join on the cached path).
  const fileOf = (key: string, spec: VariantSpec) =>
    path.join(folderOf(key), variantFileName(key, spec));
  const sourceFileOf = (key: string) => path.join(folderOf(key), `${key}-source`);

  const memory =
    memoryBytes > 0
      ? new LRUCache<string, Buffer>({
          maxSize: memoryBytes,
          sizeCalculation: (data) => Math.max(1, data.length),
          ttl: memoryTtlMs,
        })
      : undefined;

  /** The variant if it is in memory, synchronously: the cached path's only lookup. */
  function peek(key: string, spec: VariantSpec): Buffer | undefined {
    return memory?.get(variantFileName(key, spec));
  }

  // How many times each original's variants were removed (recent ones): a read that began
  // before a removal must neither return nor remember what it read.
  const removals = new LRUCache<string, number>({ max: 10_000 });
  const removalsOf = (key: string) => removals.get(key) ?? 0;

  async function read(key: string, spec: VariantSpec) {
    const remembered = peek(key, spec);
    if (remembered) return remembered;
    const before = removalsOf(key);
    const data = await readIfThere(fileOf(key, spec));
    if (removalsOf(key) !== before) return undefined;
    if (data) memory?.set(variantFileName(key, spec), data);
    return data;
  }

  /** Remembered at once, so the cached path serves it while the file is still being written. */
  async function write(key: string, spec: VariantSpec, data: Buffer) {
    memory?.set(variantFileName(key, spec), data);
    await writeWhole(fileOf(key, spec), data);
  }

  return {
    peek,
    read,
    write,
    has: (key: string, spec: VariantSpec) => exists(fileOf(key, spec)),
    hasSource: (key: string) => exists(sourceFileOf(key)),
    readSource: (key: string) => readIfThere(sourceFileOf(key)),
    writeSource: (key: string, data: Buffer) => writeWhole(sourceFileOf(key), data),
    /** Every file made from this original: its variants, working copy and leftovers. */
    async removeAll(key: string) {
      if (!isBlobKey(key)) return;
      removals.set(key, removalsOf(key) + 1);
      const forget = () => {
        for (const name of [...(memory?.keys() ?? [])]) {
          if (name.startsWith(`${key}-`)) memory!.delete(name);
        }
      };
      forget();
      await removeFilesOf(folderOf(key), key);
      // Again once the files are gone: a read meanwhile may have put one back in memory, and
      // one still reading a file now gone must not.
      removals.set(key, removalsOf(key) + 1);
      forget();
    },
  };
}

export type VariantCache = ReturnType<typeof createVariantCache>;

/**
 * The blob store, with each deleted original's variants deleted after it: here, and on every
 * other instance once `changes` (PostgreSQL LISTEN/NOTIFY) tells them.
 */
export function deletingVariants(
  blobs: BlobStore,
  variants: VariantCache,
  changes?: Pick<ChangeFeed, 'announce'>,
): BlobStore {
  return {
    put: (data) => blobs.put(data),
    get: (key) => blobs.get(key),
    async delete(key) {
      await blobs.delete(key);
      await variants.removeAll(key);
      await changes?.announce({ kind: 'blob-deleted', key });
    },
  };
}

/** Drops the variants of originals other instances deleted. */
export function forgettingDeletedOriginals(
  variants: VariantCache,
  changes: Pick<ChangeFeed, 'subscribe'>,
): () => void {
  return changes.subscribe((change) => {
    if (change.kind === 'blob-deleted') void variants.removeAll(change.key);
  });
}
