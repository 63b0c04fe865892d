/**
 * Trigram likeness as PostgreSQL's pg_trgm defines it (`similarity`, `word_similarity`), for the
 * gazetteer held in memory (`gazetteer.ts`). No npm package follows pg_trgm's rules (words padded
 * with two spaces before and one after; likeness over any run of the text's trigrams), and the
 * location box's behaviour was specified and tested against them.
 */

/** Letters and digits in any script: pg_trgm's word characters; anything else separates words. */
const WORD = /[\p{L}\p{N}]+/gu;

function wordTrigrams(word: string): string[] {
  const letters = [...`  ${word} `];
  const trigrams: string[] = [];
  for (let start = 0; start + 3 <= letters.length; start += 1) {
    trigrams.push(letters.slice(start, start + 3).join(''));
  }
  return trigrams;
}

/** The trigrams of `text` in order, repeats kept: the "ordered set" `word_similarity` runs over. */
export function orderedTrigrams(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).flatMap(wordTrigrams);
}

export function trigramSet(text: string): Set<string> {
  return new Set(orderedTrigrams(text));
}

function sharedCount(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const trigram of a) if (b.has(trigram)) shared += 1;
  return shared;
}

/** pg_trgm `similarity`: trigrams in common over distinct trigrams in either, 0 to 1. */
export function similarityOfCounts(shared: number, sizeA: number, sizeB: number): number {
  return sizeA === 0 || sizeB === 0 ? 0 : shared / (sizeA + sizeB - shared);
}

export function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  return similarityOfCounts(sharedCount(a, b), a.size, b.size);
}

/**
 * pg_trgm `word_similarity(needle, text)`: the greatest likeness between the needle's trigrams and
 * any continuous run of the text's, so 'hul' is very like 'Kingston upon Hull'.
 */
export function wordSimilarity(needle: ReadonlySet<string>, text: readonly string[]): number {
  if (needle.size === 0) return 0;
  let best = 0;
  // The best run starts and ends on a shared trigram: dropping an unshared end never lowers it.
  for (let start = 0; start < text.length; start += 1) {
    if (!needle.has(text[start]!)) continue;
    const inRun = new Set<string>();
    let shared = 0;
    for (let end = start; end < text.length; end += 1) {
      const trigram = text[end]!;
      const isShared = needle.has(trigram);
      if (!inRun.has(trigram)) {
        inRun.add(trigram);
        if (isShared) shared += 1;
      }
      if (isShared) best = Math.max(best, shared / (needle.size + inRun.size - shared));
    }
  }
  return best;
}
