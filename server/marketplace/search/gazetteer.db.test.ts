import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { loadGazetteer, type Gazetteer } from './gazetteer.ts';
import { orderedTrigrams, similarity, trigramSet, wordSimilarity } from './trigrams.ts';

let database: TestDatabase;
let gazetteer: Gazetteer;
beforeAll(async () => {
  database = await createTestDatabase();
  gazetteer = await loadGazetteer(database.db);
});
afterAll(() => database.destroy());

// Typos, prefixes, words inside longer names, punctuation, Welsh and Scots names.
const NEEDLES = [
  'lebds',
  'leed',
  'hul',
  'upon hull',
  'newcastle',
  'stoke on',
  'manchestr',
  'edinbrugh',
  'st al',
  'bishops',
  'keynes',
  'llanfair',
  'weston super',
  'aberystwith',
  'ab',
  "'; drop",
  '--',
  'st. al',
];

describe('the gazetteer in memory', () => {
  it('measures likeness exactly as pg_trgm does', async () => {
    const names = [
      'Leeds',
      'Kingston upon Hull',
      'Stoke-on-Trent',
      'Newcastle upon Tyne',
      'St Albans',
      "Bishop's Stortford",
      'Milton Keynes',
      'Weston-super-Mare',
      'Aberystwyth',
      'Ystradgynlais',
    ];
    for (const needle of NEEDLES) {
      const { rows } = (await database.db.execute(
        sql`select name, similarity(lower(name), ${needle}) as overall,
              word_similarity(${needle}, lower(name)) as word
            from unnest(${`{${names.map((name) => `"${name}"`).join(',')}}`}::text[]) as name`,
      )) as { rows: { name: string; overall: number; word: number }[] };
      expect(rows).toHaveLength(names.length);
      for (const row of rows) {
        const lower = row.name.toLowerCase();
        const context = `${needle} ~ ${row.name}`;
        expect(similarity(trigramSet(lower), trigramSet(needle)), context).toBeCloseTo(
          Number(row.overall),
          5,
        );
        expect(wordSimilarity(trigramSet(needle), orderedTrigrams(lower)), context).toBeCloseTo(
          Number(row.word),
          5,
        );
      }
    }
  });

  it('suggests what the pg_trgm query it replaced suggested, in the same order', async () => {
    for (const needle of NEEDLES) {
      const prefix = `${needle.replace(/[\\%_]/g, '\\$&')}%`;
      const { rows } = (await database.db.execute(
        // The operators `<%` and `%` at pg_trgm's default thresholds (0.6, 0.3), written as
        // the functions they stand for: no setting or index scan between the two answers.
        sql`select slug from market.places
            where lower(name) like ${prefix} or word_similarity(${needle}, lower(name)) >= 0.6
              or similarity(lower(name), ${needle}) >= 0.3
            order by lower(name) like ${prefix} desc,
              greatest(word_similarity(${needle}, lower(name)), similarity(lower(name), ${needle})) desc,
              population desc, id
            limit 6`,
      )) as { rows: { slug: string }[] };
      expect(
        gazetteer.suggest(needle).map((place) => place.slug),
        needle,
      ).toEqual(rows.map((row) => row.slug));
    }
  });

  it('offers Leeds for a typo and finds a place by a word of its name', () => {
    expect(gazetteer.suggest('Lebds').map((place) => place.slug)).toContain('leeds');
    expect(gazetteer.suggest('hull').map((place) => place.name)).toContain('Kingston upon Hull');
    expect(gazetteer.suggest('Manch')[0]).toEqual({
      name: 'Manchester',
      slug: 'manchester',
      nation: 'ENG',
    });
  });

  it('finds a place by name or slug, the most populous of a shared name', () => {
    expect(gazetteer.find(' NEWPORT ')?.nation).toBe('WLS');
    expect(gazetteer.find('stoke-on-trent')?.name).toBe('Stoke-on-Trent');
    expect(gazetteer.bySlug('Leeds')?.name).toBe('Leeds');
    expect(gazetteer.find('Nowheresville')).toBeUndefined();
  });

  it('suggests nothing for a single letter, and treats wildcards as text', () => {
    expect(gazetteer.suggest('m')).toEqual([]);
    expect(gazetteer.suggest('%_%')).toEqual([]);
    expect(gazetteer.suggest('manchester', 2)).toHaveLength(2);
  });
});
