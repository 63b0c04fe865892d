import type { Database } from '../../../db/client.ts';
import { places, type Place } from './schema.ts';
import { orderedTrigrams, similarityOfCounts, trigramSet, wordSimilarity } from './trigrams.ts';

export interface PlaceSuggestion {
  name: string;
  slug: string;
  nation: string;
}

/** pg_trgm's default thresholds for `%` (similarity) and `<%` (word_similarity). */
const SIMILARITY_THRESHOLD = 0.3;
const WORD_SIMILARITY_THRESHOLD = 0.6;

interface Entry {
  place: Place;
  /** Position by population, biggest first: breaks ties between equally good matches. */
  rank: number;
  lowerName: string;
  trigrams: string[];
  trigramSet: Set<string>;
}

/**
 * The UK places of `market.places`, held in memory. The gazetteer is loaded at migration time and
 * never changes while the server runs; it is small (about 4,300 places), and looking names up
 * here costs well under a millisecond where pg_trgm's scan of every place cost about 40 ms of
 * PGlite's only thread (docs/performance.md).
 */
export interface Gazetteer {
  /** The place called `text` (any case) or with that slug; the most populous of a shared name. */
  find(text: string): Place | undefined;
  bySlug(slug: string): Place | undefined;
  /** Places whose names look like `text`, most similar and most populous first. */
  suggest(text: string, limit?: number): PlaceSuggestion[];
}

interface PlaceIndex {
  /** Every place, most populous first. */
  entries: Entry[];
  byTrigram: Map<string, Entry[]>;
  byName: Map<string, Place>;
  bySlug: Map<string, Place>;
}

function indexPlaces(rows: readonly Place[]): PlaceIndex {
  const entries: Entry[] = [...rows]
    .sort((a, b) => b.population - a.population || a.id - b.id)
    .map((place, rank) => {
      const lowerName = place.name.toLowerCase();
      const trigrams = orderedTrigrams(lowerName);
      return { place, rank, lowerName, trigrams, trigramSet: new Set(trigrams) };
    });
  const byTrigram = new Map<string, Entry[]>();
  for (const entry of entries) {
    for (const trigram of entry.trigramSet) {
      const list = byTrigram.get(trigram);
      if (list) list.push(entry);
      else byTrigram.set(trigram, [entry]);
    }
  }
  const byName = new Map<string, Place>();
  const bySlug = new Map<string, Place>();
  for (const { place, lowerName } of entries) {
    if (!byName.has(lowerName)) byName.set(lowerName, place); // most populous first
    bySlug.set(place.slug, place);
  }
  return { entries, byTrigram, byName, bySlug };
}

export function createGazetteer(rows: readonly Place[]): Gazetteer {
  const index = indexPlaces(rows);
  const { byName, bySlug } = index;
  return {
    find(text) {
      const needle = text.trim().toLowerCase();
      const named = byName.get(needle);
      const slugged = bySlug.get(needle);
      if (named && slugged) return named.population >= slugged.population ? named : slugged;
      return named ?? slugged;
    },

    bySlug: (slug) => bySlug.get(slug.toLowerCase()),

    suggest: (text, limit = 6) => suggestPlaces(index, text, limit),
  };
}

function suggestPlaces(
  { entries, byTrigram }: PlaceIndex,
  text: string,
  limit: number,
): PlaceSuggestion[] {
  const needle = text.trim().toLowerCase();
  if (needle.length < 2) return [];
  const needleTrigrams = trigramSet(needle);
  // Trigrams in common with each place that has any, from the index: no pass over them all.
  const shared = new Map<Entry, number>();
  for (const trigram of needleTrigrams) {
    for (const entry of byTrigram.get(trigram) ?? []) {
      shared.set(entry, (shared.get(entry) ?? 0) + 1);
    }
  }
  const matches: { entry: Entry; isPrefix: boolean; likeness: number }[] = [];
  const consider = (entry: Entry, common: number) => {
    // Prefix matches first ('leed' → Leeds), then whole-word likeness ('hull' → Kingston
    // upon Hull), then overall likeness for typos ('lebds' → Leeds); bigger places break ties.
    const isPrefix = entry.lowerName.startsWith(needle);
    const overall = similarityOfCounts(common, needleTrigrams.size, entry.trigramSet.size);
    // A run of the name shares at most `common` trigrams, so its likeness is at most this.
    const wordBound = common / needleTrigrams.size;
    if (!isPrefix && overall < SIMILARITY_THRESHOLD && wordBound < WORD_SIMILARITY_THRESHOLD) {
      return;
    }
    const wordLikeness = wordSimilarity(needleTrigrams, entry.trigrams);
    if (isPrefix || overall >= SIMILARITY_THRESHOLD || wordLikeness >= WORD_SIMILARITY_THRESHOLD) {
      matches.push({ entry, isPrefix, likeness: Math.max(wordLikeness, overall) });
    }
  };
  for (const [entry, common] of shared) consider(entry, common);
  // A name that begins with a needle of letters or digits shares its first trigram ('  l'),
  // so only a needle of punctuation alone, which has no trigrams, needs a pass over them all.
  if (needleTrigrams.size === 0) {
    for (const entry of entries) if (entry.lowerName.startsWith(needle)) consider(entry, 0);
  }
  matches.sort(
    (a, b) =>
      Number(b.isPrefix) - Number(a.isPrefix) ||
      b.likeness - a.likeness ||
      a.entry.rank - b.entry.rank,
  );
  return matches.slice(0, limit).map(({ entry: { place } }) => ({
    name: place.name,
    slug: place.slug,
    nation: place.nation,
  }));
}

/** Reads every place once. */
export async function loadGazetteer(db: Database): Promise<Gazetteer> {
  return createGazetteer(await db.select().from(places));
}

/** The gazetteer, read on first use and kept; read again if that failed. */
export function lazyGazetteer(db: Database): () => Promise<Gazetteer> {
  let loading: Promise<Gazetteer> | undefined;
  return () => {
    loading ??= loadGazetteer(db).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
