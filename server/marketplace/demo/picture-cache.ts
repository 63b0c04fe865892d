import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Drawn demo pictures and their photo signatures, kept under the system's temporary directory:
 * every test server and e2e run seeds a fresh installation, and drawing and decoding 1,600
 * pictures each time would cost tens of seconds. Names are content hashes of what the file is
 * made from, so the cache never serves a stale file; losing it only costs the time to make them
 * again.
 */
const CACHE_DIR = path.join(os.tmpdir(), 'roost-demo-pictures');

/** The cached file `name`, else what `make` returns, written for next time. */
export async function cachedDemoFile(name: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const file = path.join(CACHE_DIR, name);
  const cached = await fs.readFile(file).catch(() => undefined);
  if (cached) return cached;
  const made = await make();
  try {
    await fs.mkdir(CACHE_DIR, { recursive: true });
    // Written then renamed: another process seeding at once never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    await fs.writeFile(partial, made);
    await fs.rename(partial, file);
  } catch {
    // A read-only or full temporary directory: make it again next time.
  }
  return made;
}
