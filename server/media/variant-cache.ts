import fs from 'node:fs/promises';
import path from 'node:path';
import { isBlobKey, type BlobStore } from './blob-store.ts';

export type VariantFormat = 'avif' | 'webp' | 'jpeg';

export interface VariantSpec {
  width: number;
  quality: number;
  format: VariantFormat;
}

/**
 * Rendered variants on disk, by original: `<dir>/<ab>/<key>-<width>-<quality>.<format>`, plus
 * the working copy (`<key>-source`, JPEG or WebP) variants are resized from once it exists.
 * Everything here can be rebuilt from the original, so the directory is safe to delete.
 */
export function createVariantCache(dir: string) {
  const folderOf = (key: string) => path.join(dir, key.slice(0, 2));
  const fileOf = (key: string, { width, quality, format }: VariantSpec) =>
    path.join(folderOf(key), `${key}-${width}-${quality}.${format}`);
  const sourceFileOf = (key: string) => path.join(folderOf(key), `${key}-source`);

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

  return {
    read: (key: string, spec: VariantSpec) => readIfThere(fileOf(key, spec)),
    write: (key: string, spec: VariantSpec, data: Buffer) => writeWhole(fileOf(key, spec), data),
    has: (key: string, spec: VariantSpec) => exists(fileOf(key, spec)),
    hasSource: (key: string) => exists(sourceFileOf(key)),
    readSource: (key: string) => readIfThere(sourceFileOf(key)),
    writeSource: (key: string, data: Buffer) => writeWhole(sourceFileOf(key), data),
    /** Every file made from this original: its variants, working copy and leftovers. */
    async removeAll(key: string) {
      if (!isBlobKey(key)) return;
      const names = await fs.readdir(folderOf(key)).catch(() => [] as string[]);
      await Promise.all(
        names
          .filter((name) => name.startsWith(`${key}-`))
          .map((name) => fs.rm(path.join(folderOf(key), name), { force: true })),
      );
    },
  };
}

export type VariantCache = ReturnType<typeof createVariantCache>;

/** The blob store, with each deleted original's variants deleted after it. */
export function deletingVariants(blobs: BlobStore, variants: VariantCache): BlobStore {
  return {
    put: (data) => blobs.put(data),
    get: (key) => blobs.get(key),
    async delete(key) {
      await blobs.delete(key);
      await variants.removeAll(key);
    },
  };
}
