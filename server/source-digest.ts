import type { Hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

function* filesUnder(entry: string): Generator<string> {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) yield* filesUnder(path.join(entry, name));
}

/**
 * Adds every file under `inputs` (files or folders, relative to `root`) to `hash`, path and bytes,
 * in a stable order: what a build output was made from, to tell when it must be made again.
 */
export function hashSources(hash: Hash, root: string, inputs: readonly string[]): Hash {
  for (const input of inputs) {
    for (const file of filesUnder(path.join(root, input))) {
      hash
        .update(path.relative(root, file))
        .update('\0')
        .update(fs.readFileSync(file))
        .update('\0');
    }
  }
  return hash;
}
