import { describe, expect, it } from 'vitest';
import { addressKey, comparableText } from './repost-fingerprint.ts';

describe('repost fingerprints', () => {
  it('give one address key however the address is typed', () => {
    const key = addressKey('27 Harrowgate Crescent', 'LS6 2AB');
    expect(key).toBe('27 harrowgate crescent|LS62AB');
    for (const [line, postcode] of [
      ['27, Harrowgate Crescent', 'LS6 2AB'],
      ['27  Harrowgate  Crescent', 'ls6 2ab'],
      ['Flat 1, 27 Harrowgate Crescent', 'LS62AB'],
      ['Apartment 12B 27 Harrowgate Crescent.', 'LS6  2AB'],
      ['27 Наrrowgate Crescent', 'LS6 2AB'],
    ]) {
      expect(addressKey(line!, postcode!), line).toBe(key);
    }
    expect(addressKey('29 Harrowgate Crescent', 'LS6 2AB')).not.toBe(key);
    expect(addressKey('Flat House, 27 Harrowgate Crescent', 'LS6 2AB')).not.toBe(key);
  });

  it('fold look-alike letters, case and punctuation out of text', () => {
    expect(comparableText('Stunning  рenthоuse, ALL bills!')).toBe('stunning penthouse all bills');
  });
});
