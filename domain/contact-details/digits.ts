/**
 * Digits in any script or spelling, as ASCII digits. Runs before look-alike folding, because the
 * confusables table reads some digits as letters (Arabic-Indic five as 'o').
 */

const DECIMAL_DIGIT = /^\p{Nd}$/u;
const digitValues = new Map<number, string>();

/**
 * The ASCII digit of a Unicode decimal digit (\p{Nd}), or undefined. Unicode assigns decimal
 * digits only in contiguous runs of ten from 0 to 9, so the value is the distance from the start
 * of the run, modulo ten.
 */
export function decimalDigit(character: string): string | undefined {
  if (!DECIMAL_DIGIT.test(character)) return undefined;
  const code = character.codePointAt(0) ?? 0;
  const known = digitValues.get(code);
  if (known !== undefined) return known;
  let first = code;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(first - 1))) first -= 1;
  const value = String((code - first) % 10);
  digitValues.set(code, value);
  return value;
}

/** Dingbat digits (❶, ➀, ➊ and the double-circled ⓵), which NFKC leaves alone. */
const DINGBAT_RUNS: readonly [first: number, firstValue: number][] = [
  [0x2776, 1],
  [0x2780, 1],
  [0x278a, 1],
  [0x24f5, 1],
];

export function dingbatDigit(character: string): string | undefined {
  const code = character.codePointAt(0) ?? 0;
  if (code === 0x24ff || code === 0x1f10b || code === 0x1f10c) return '0';
  for (const [first, firstValue] of DINGBAT_RUNS) {
    if (code >= first && code < first + 10) return String(firstValue + code - first);
  }
  return undefined;
}

const WORD_DIGITS: Record<string, string> = {
  zero: '0',
  oh: '0',
  o: '0',
  nought: '0',
  nil: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  hundred: '00',
  thousand: '000',
};
const REPEATS: Record<string, number> = { double: 2, treble: 3, triple: 3 };

// Spoken digits may run straight into written ones and back ('zero7700', '07700nine00123'): a
// token ends where a word or a digit group does, so no separator is needed between tokens, and
// a digit group glued to any other word ('2bed') is no token.
const SPOKEN = `(?:zero|oh|one|o|nought|nil|two|three|four|five|six|seven|eight|nine|hundred|thousand)`;
const WORD = `(?:${SPOKEN}(?![a-z])|\\d+(?=${SPOKEN}(?![a-z]))|\\d+(?![a-z0-9]))`;
const TOKEN = `(?:(?:double|treble|triple)[ -]?)?${WORD}`;
/** One spoken digit or written group, possibly repeated ('double oh'), inside a run. */
export const SPOKEN_DIGIT = new RegExp(TOKEN, 'g');
/** Two or more spoken digits or digit groups in a row, with light punctuation or none between. */
export const SPOKEN_RUN = new RegExp(`(?<![a-z0-9])${TOKEN}(?:[ ,.\\-]{0,3}${TOKEN})+`, 'g');

/** The digits a spoken token stands for: 'double oh' → '00', 'seven' → '7'. */
export function spokenDigits(token: string): string {
  const [first = '', second] = token.split(/[ -]+/);
  const repeat = REPEATS[first];
  if (repeat !== undefined && second !== undefined) {
    return (WORD_DIGITS[second] ?? second).repeat(repeat);
  }
  return WORD_DIGITS[first] ?? first;
}
