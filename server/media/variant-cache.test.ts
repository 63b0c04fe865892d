import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createVariantCache } from './variant-cache.ts';

const key = 'ab'.repeat(32);
const spec = { width: 320, quality: 75, format: 'webp' as const };
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-variants-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the variant cache', () => {
  it('answers a variant it read recently from memory, without the disk', async () => {
    const dir = tempDir();
    const variants = createVariantCache(dir);
    await variants.write(key, spec, Buffer.from('pixels'));
    fs.rmSync(dir, { recursive: true, force: true });
    expect((await variants.read(key, spec))?.toString()).toBe('pixels');
  });

  it('forgets in memory what removeAll deletes on disk', async () => {
    const variants = createVariantCache(tempDir());
    await variants.write(key, spec, Buffer.from('pixels'));
    expect(await variants.read(key, spec)).toBeDefined();
    await variants.removeAll(key);
    expect(await variants.read(key, spec)).toBeUndefined();
  });

  it('asks the disk again once the memory time is up', async () => {
    const dir = tempDir();
    const variants = createVariantCache(dir, { memoryTtlMs: 1 });
    await variants.write(key, spec, Buffer.from('pixels'));
    fs.rmSync(dir, { recursive: true, force: true });
    // Within a millisecond or two the memory copy has expired and the deleted file is missed.
    await expect.poll(() => variants.read(key, spec)).toBeUndefined();
  });
});
