import { describe, expect, it } from 'vitest';
import { SIGNATURE_WORDS, signatureOfQuery } from './keyword-signature.ts';

const bit = (word: (typeof SIGNATURE_WORDS)[number]) =>
  BigInt.asIntN(64, 1n << BigInt(SIGNATURE_WORDS.indexOf(word)));

describe('keyword signature', () => {
  it('holds at most 64 distinct words, one bit each', () => {
    expect(SIGNATURE_WORDS.length).toBeLessThanOrEqual(64);
    expect(new Set(SIGNATURE_WORDS).size).toBe(SIGNATURE_WORDS.length);
  });

  it('decides alone when every word is known and all are required', () => {
    expect(signatureOfQuery("'garden'")).toEqual({ mask: bit('garden'), exact: true });
    expect(signatureOfQuery("'garden' & 'garag'")).toEqual({
      mask: bit('garden') | bit('garag'),
      exact: true,
    });
    // The last word of the list is bit 63, the sign bit of a bigint.
    expect(signatureOfQuery(`'${SIGNATURE_WORDS.at(-1)}'`).mask).toBeLessThan(0n);
  });

  it('narrows, but leaves the test to the keyword vector, for phrases and unknown words', () => {
    expect(signatureOfQuery("'period' <-> 'featur'")).toEqual({
      mask: bit('period') | bit('featur'),
      exact: false,
    });
    expect(signatureOfQuery("'garden' & 'thatch'")).toEqual({ mask: bit('garden'), exact: false });
    expect(signatureOfQuery("'thatch'")).toEqual({ mask: 0n, exact: false });
    expect(signatureOfQuery("'garden':*")).toEqual({ mask: 0n, exact: false });
  });

  it('leaves either-or, negation and empty queries to the keyword vector', () => {
    expect(signatureOfQuery("'garden' | 'balconi'")).toEqual({ mask: 0n, exact: false });
    expect(signatureOfQuery("'garden' & !'garag'")).toEqual({ mask: 0n, exact: false });
    expect(signatureOfQuery('')).toEqual({ mask: 0n, exact: false });
  });

  it('reads quoted lexemes with quotes and operators inside them', () => {
    expect(signatureOfQuery("'o''brien' & 'garden'")).toEqual({
      mask: bit('garden'),
      exact: false,
    });
    expect(signatureOfQuery("'a|b' & 'garden'")).toEqual({ mask: bit('garden'), exact: false });
  });
});
