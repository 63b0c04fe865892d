import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';

/**
 * The words people most often search a property portal for, as PostgreSQL's English stemmer
 * writes them (`to_tsvector('english', 'balcony')` is 'balconi'). Bit i of a listing's
 * `listing_search.words` is set when its keyword vector holds `SIGNATURE_WORDS[i]`
 * (`market.listing_words_mask`, migration 0018, holds the same list: a test compares them).
 * Only ever append (at most 64 words); changing a position needs a migration that recomputes
 * every row.
 */
export const SIGNATURE_WORDS = [
  'acr',
  'annex',
  'auction',
  'balconi',
  'basement',
  'bathroom',
  'build',
  'bungalow',
  'bus',
  'cellar',
  'central',
  'chain',
  'cloakroom',
  'conservatori',
  'cottag',
  'countrysid',
  'detach',
  'doubl',
  'driveway',
  'en-suit',
  'ensuit',
  'extens',
  'face',
  'featur',
  'fireplac',
  'flat',
  'free',
  'garag',
  'garden',
  'gas',
  'heat',
  'kitchen',
  'lift',
  'loft',
  'modern',
  'new',
  'offic',
  'paddock',
  'park',
  'patio',
  'penthous',
  'period',
  'pool',
  'quiet',
  'refurbish',
  'retir',
  'river',
  'school',
  'sea',
  'semi',
  'share',
  'shop',
  'south',
  'stabl',
  'station',
  'studi',
  'terrac',
  'transport',
  'util',
  'view',
  'villag',
  'walk',
  'wardrob',
  'glaze',
] as const;

/**
 * What the listing's word bits can tell about a keyword search, worked out once per distinct
 * keywords text.
 * - `mask`: bits every match must have (each required word of the signature). A listing
 *   without them all cannot match, so the covering index rejects it without reading the
 *   listing's keyword vector.
 * - `exact`: the bits alone decide (every word is in the signature and the query only asks for
 *   all of them, in any order), so no row needs its keyword vector read at all.
 */
export interface KeywordSignature {
  mask: bigint;
  exact: boolean;
}

const cache = new Map<string, KeywordSignature>();
const CACHE_SIZE = 500;

/** The signature of a parsed query, from PostgreSQL's text form of the `tsquery`. */
export function signatureOfQuery(tsquery: string): KeywordSignature {
  const lexemes = [...tsquery.matchAll(/'((?:[^']|'')*)'(:[A-Z*]+)?/g)];
  // Words joined by AND or a phrase are each required; with OR or NOT no single word is.
  const operators = tsquery.replace(/'((?:[^']|'')*)'(:[A-Z*]+)?/g, ' ');
  if (lexemes.length === 0 || /[|!]/.test(operators)) return { mask: 0n, exact: false };
  let mask = 0n;
  let allKnown = true;
  for (const [, raw, suffix] of lexemes) {
    const position = (SIGNATURE_WORDS as readonly string[]).indexOf(raw!.replaceAll("''", "'"));
    if (position < 0 || suffix) allKnown = false;
    else mask |= 1n << BigInt(position);
  }
  // A phrase (<->) needs the words next to each other: the bits only say they are present.
  const onlyAnd = /^[\s&()]*$/.test(operators);
  return { mask: BigInt.asIntN(64, mask), exact: allKnown && onlyAnd };
}

/** The keywords' signature (cached: the same few words are searched again and again). */
export async function keywordSignature(db: Database, keywords: string): Promise<KeywordSignature> {
  const known = cache.get(keywords);
  if (known) return known;
  const [row] = (
    (await db.execute(sql`select websearch_to_tsquery('english', ${keywords})::text as q`)) as {
      rows: { q: string }[];
    }
  ).rows;
  const signature = signatureOfQuery(row?.q ?? '');
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(keywords, signature);
  return signature;
}
