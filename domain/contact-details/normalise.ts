/**
 * Normalisation before detection: the text a scammer disguised, rewritten to the plain form a
 * pattern can read, every unit mapped back to the original characters (see mapped-text.ts).
 */
import { remove as removeConfusables } from 'confusables';
import { decimalDigit, dingbatDigit, SPOKEN_DIGIT, SPOKEN_RUN, spokenDigits } from './digits.ts';
import { MappedTextBuilder, replaceMapped, unmapped, type MappedText } from './mapped-text.ts';

/**
 * Characters that change nothing a reader sees: format characters (zero-width space and joiners,
 * soft hyphen, word joiner, bidi marks), variation selectors, the combining keycap, and Hangul
 * and Mongolian fillers. Combining marks are dropped separately after NFKC.
 */
const FORMAT_CHARACTER = /^\p{Cf}$/u;
const INVISIBLE_RANGES: readonly [number, number][] = [
  [0x034f, 0x034f],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x20e3, 0x20e3],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xffa0, 0xffa0],
  [0xe0100, 0xe01ef],
];

function isInvisible(character: string): boolean {
  if (FORMAT_CHARACTER.test(character)) return true;
  const code = character.codePointAt(0) ?? 0;
  return INVISIBLE_RANGES.some(([first, last]) => code >= first && code <= last);
}

const COMBINING_MARK = /^\p{M}$/u;
const LETTER = /^\p{L}$/u;
const ASCII_LETTERS = /^[A-Za-z]+$/;

/** Punctuation look-alikes NFKC keeps apart, folded to the ASCII a pattern expects. */
const PUNCTUATION: Record<string, string> = {
  '。': '.',
  '·': '.',
  '∙': '.',
  '⋅': '.',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '―': '-',
  '−': '-',
  '⁄': '/',
  '∕': '/',
};

function foldCodePoint(character: string): string {
  if (character <= '\u007f') return character.toLowerCase();
  const digit = decimalDigit(character) ?? dingbatDigit(character);
  if (digit !== undefined) return digit;
  const punctuation = PUNCTUATION[character];
  if (punctuation !== undefined) return punctuation;
  if (COMBINING_MARK.test(character)) return '';
  if (LETTER.test(character)) {
    // Only letters are folded: the table also turns '£' into 'E' and digits into letters.
    const folded = removeConfusables(character);
    return ASCII_LETTERS.test(folded) ? folded.toLowerCase() : character.toLowerCase();
  }
  return character;
}

const foldedCharacters = new Map<string, string>();

/** One original character as plain lower-case ASCII where it has a plain form, else itself. */
export function foldCharacter(character: string): string {
  const known = foldedCharacters.get(character);
  if (known !== undefined) return known;
  let folded = '';
  if (!isInvisible(character)) {
    for (const part of character.normalize('NFKC')) folded += foldCodePoint(part);
  }
  if (foldedCharacters.size < 10_000) foldedCharacters.set(character, folded);
  return folded;
}

function foldCharacters(text: string): MappedText {
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u007f]*$/.test(text)) return unmapped(text.toLowerCase());
  const builder = new MappedTextBuilder();
  let at = 0;
  for (const character of text) {
    const end = at + character.length;
    const folded = character <= '\u007f' ? character.toLowerCase() : foldCharacter(character);
    builder.push(folded, at, end);
    at = end;
  }
  return builder.build();
}

/** Four or more single characters each separated by a space or two: 'j o h n @ g m a i l'. */
const SPACED_CHARACTERS = /(?<!\S)[a-z0-9@.:/_+-](?: {1,2}[a-z0-9@.:/_+-]){3,}(?!\S)/g;
/**
 * Five or more single characters joined by one repeated mark: 'j-o-h-n-@-g-m-a-i-l-.-c-o-m',
 * 'j_o_h_n', 'j*o*h*n'. Five, so '1-2-3' and 'mon-fri' stay as written.
 */
const SEPARATED_CHARACTERS =
  /(?<![a-z0-9])[a-z0-9@.]([-_*|~+])[a-z0-9@.](?:\1[a-z0-9@.]){3,}(?![a-z0-9])/g;

/**
 * A run of two or more spoken digits with at least one word ('oh seven seven double oh, nine…')
 * becomes its digits, space-separated, so punctuation a speaker would pause on joins the run.
 */
function spokenToDigits(mapped: MappedText): MappedText {
  return replaceMapped(mapped, SPOKEN_RUN, (run) =>
    /[a-z]/.test(run[0])
      ? [...run[0].matchAll(SPOKEN_DIGIT)].map((token) => spokenDigits(token[0])).join(' ')
      : run[0],
  );
}

/**
 * Groups of digits with letters O, I or l among them ('O77OO 9OOl23', '2O-OO-OO'): groups of
 * [0-9oil] joined by short separators, holding a real digit. Not inside a link or address.
 */
const DIGITS_WITH_LETTERS = /(?<![a-z0-9./@-])[0-9oil]+(?:[-./_* ]{1,3}[0-9oil]+)*(?![a-z0-9])/g;
const LETTER_DIGITS: Record<string, string> = { o: '0', i: '1', l: '1' };

/** `text` normalised for detection, mapped back to `text`. */
export function normaliseForDetection(text: string): MappedText {
  let mapped = foldCharacters(text);
  mapped = replaceMapped(mapped, SPACED_CHARACTERS, (match) => match[0].replace(/ /g, ''));
  mapped = replaceMapped(mapped, SEPARATED_CHARACTERS, (match) =>
    match[0].split(match[1] ?? '').join(''),
  );
  mapped = spokenToDigits(mapped);
  return replaceMapped(mapped, DIGITS_WITH_LETTERS, (match) =>
    /[0-9]/.test(match[0])
      ? match[0].replace(/[oil]/g, (letter) => LETTER_DIGITS[letter] ?? letter)
      : match[0],
  );
}
