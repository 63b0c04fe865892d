/**
 * The written-out and defanged forms of '@', '.' and 'http' ('name at example dot com',
 * 'evil[.]com', 'hxxps://') rewritten to the symbols, so e-mail and link patterns read them.
 */
import { replaceMapped, type MappedText } from './mapped-text.ts';

/**
 * Top-level domains that are also everyday English words: after a bare word ('I am at work.now')
 * they are far likelier a missing space than an address.
 */
export const WORD_TLDS = new Set([
  'am',
  'and',
  'at',
  'be',
  'call',
  'do',
  'how',
  'in',
  'is',
  'it',
  'live',
  'my',
  'new',
  'no',
  'now',
  'on',
  'pm',
  'so',
  'to',
  'us',
  'you',
]);

const SCHEME = /(?<![a-z])h(?:xx|\*\*)p(s?)(?=\s*\[?:)/g;
const BRACKETED_COLON = /\[(:\/\/|:|\/\/)\]/g;
const BRACKETED_DOT = /\s*[([{<]\s*(?:dot|\.)\s*[)\]}>]\s*/g;
const WORD_DOT = /(?<=[a-z0-9])\s+dot\s+(?=[a-z0-9])/g;
const BRACKETED_AT = /\s*[([{<]\s*at\s*[)\]}>]\s*/g;
const SPACED_AT = /(?<=[a-z0-9._%+-])\s*@\s*(?=[a-z0-9-]{1,63}\s*\.\s*[a-z])/g;
/** A spaced dot inside an address's domain: 'john@gmail . com'. */
const SPACED_DOT_AFTER_AT =
  /(?:\s+\.\s*|\.\s+)(?<=@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){0,4}(?:\s+\.\s*|\.\s+))(?=[a-z])/g;
const wordTlds = [...WORD_TLDS].join('|');
const WORD_AT = new RegExp(
  `(?<=[a-z0-9._%+-])\\s+at\\s+(?=(?!www\\.)[a-z0-9-]{1,63}(?:\\.[a-z0-9-]{1,63}){0,4}\\.(?!(?:${wordTlds})(?![a-z0-9-]))[a-z]{2,}(?![a-z0-9/-]))`,
  'g',
);

/** `mapped` with '@', '.' and 'http' restored from their disguises. */
export function undoDefanging(mapped: MappedText): MappedText {
  let view = mapped;
  const has = (pattern: RegExp) => pattern.test(view.text);
  if (has(/h(?:xx|\*\*)p/)) view = replaceMapped(view, SCHEME, (match) => `http${match[1] ?? ''}`);
  if (has(/[[({<]/)) {
    view = replaceMapped(view, BRACKETED_COLON, (match) => match[1] ?? '');
    view = replaceMapped(view, BRACKETED_DOT, () => '.');
    view = replaceMapped(view, BRACKETED_AT, () => '@');
  }
  if (has(/\sdot\s/)) view = replaceMapped(view, WORD_DOT, () => '.');
  if (has(/@/)) {
    view = replaceMapped(view, SPACED_AT, () => '@');
    view = replaceMapped(view, SPACED_DOT_AFTER_AT, () => '.');
  }
  return has(/\sat\s/) ? replaceMapped(view, WORD_AT, () => '@') : view;
}
