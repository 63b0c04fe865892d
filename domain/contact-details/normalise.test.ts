import { describe, expect, it } from 'vitest';
import { originalRange } from './mapped-text.ts';
import { normaliseForDetection } from './normalise.ts';

const normal = (text: string) => normaliseForDetection(text).text;

describe('normalisation for detection', () => {
  it('reads digits of every script by value before folding look-alike letters', () => {
    // The confusables table alone reads Arabic-Indic five as 'o' and '£' as 'E'.
    expect(normal('٥')).toBe('5');
    expect(normal('۵५৫')).toBe('555');
    expect(normal('𝟓５⑤❺')).toBe('5555');
    expect(normal('£325 €40 $9')).toBe('£325 €40 $9');
  });

  it('drops invisible characters and folds look-alike letters and full-width forms', () => {
    expect(normal('a\u200bb\u00adc\u2060d\ufe0fe\u20e3')).toBe('abcde');
    expect(normal('Јоhn＠ɡmаil．com')).toBe('john@gmail.com');
  });

  it('turns spoken digits and letters among digits into digits, and only there', () => {
    expect(normal('zero seven seven double oh nine treble one')).toBe('0 7 7 00 9 111');
    expect(normal('O77OO 9OOl23')).toBe('07700 900123');
    expect(normal('one bedroom and a double room')).toBe('one bedroom and a double room');
    expect(normal('Oil, lido, Oxford')).toBe('oil, lido, oxford');
  });

  it('joins letters spelled out one by one', () => {
    expect(normal('j o h n @ g m a i l . c o m')).toBe('john@gmail.com');
    expect(normal('I am a tenant')).toBe('i am a tenant');
  });

  it('maps every unit back to the original characters', () => {
    const text = 'x ０\u200b７ and zero';
    const mapped = normaliseForDetection(text);
    expect(mapped.text).toBe('x 07 and zero');
    const start = mapped.text.indexOf('0');
    expect(originalRange(mapped, start, start + 2)).toEqual([2, 5]);
  });
});
