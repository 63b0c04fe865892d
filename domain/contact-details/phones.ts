/**
 * Phone numbers: libphonenumber-js finds valid numbers (UK by default, others by their +code);
 * a run of nine or more digits with any separators between catches the rest ('7700 900123'
 * without its 0, '44 7700…' without its +, '07700/900/123'). Dates are not digit runs.
 */
import { findNumbers } from 'libphonenumber-js';
import type { ContactSpan } from './contact-details.ts';
import { originalRange, type MappedText } from './mapped-text.ts';
import { spanOf } from './spans.ts';

const MINIMUM_DIGITS = 9;
/** Separators allowed between digits, and how many in a row. */
const SEPARATOR = /[\s.\-/_*()[\]+|\\~]/;
const MAXIMUM_GAP = 4;
/** A year and a slash starting a reference number ('2027/00123'): no phone number starts so. */
const YEAR_THEN_SLASH = /(?:19|20)\d\d\//y;
/** dd/mm/yyyy, dd.mm.yy and the like: their digits do not join a run. */
const DATE = /(?<![0-9])(\d{1,2})([/.-])(\d{1,2})\2(?:\d{4}|\d{2})(?![0-9])/g;

function isDigit(character: string | undefined): boolean {
  return character !== undefined && character >= '0' && character <= '9';
}

function dateBreaks(text: string): Set<number> {
  const breaks = new Set<number>();
  for (const match of text.matchAll(DATE)) {
    const day = Number(match[1]);
    const month = Number(match[3]);
    if (day < 1 || day > 31 || month < 1 || month > 12) continue;
    for (let i = match.index; i < match.index + match[0].length; i += 1) breaks.add(i);
  }
  return breaks;
}

/** Where a run that starts at `start` ends, and how many digits it holds. */
function scanRun(text: string, start: number, breaks: Set<number>): [end: number, digits: number] {
  let digits = 0;
  let end = start;
  let gap = 0;
  for (let i = start; i < text.length && !breaks.has(i); i += 1) {
    const character = text.charAt(i);
    if (isDigit(character)) {
      digits += 1;
      end = i + 1;
      gap = 0;
    } else if (SEPARATOR.test(character) && gap < MAXIMUM_GAP) {
      gap += 1;
    } else {
      break;
    }
  }
  return [end, digits];
}

/** The run widened over a '+' or '(' just before it and a ')' that closes one. */
function widen(text: string, start: number, end: number): [number, number] {
  let from = start;
  while (from > 0 && /[+(]/.test(text.charAt(from - 1)) && start - from < 2) from -= 1;
  const opened = text.slice(from, end).split('(').length - 1;
  const closed = text.slice(from, end).split(')').length - 1;
  const to = opened > closed && text.charAt(end) === ')' ? end + 1 : end;
  return [from, to];
}

function digitRuns(normal: MappedText): ContactSpan[] {
  const { text } = normal;
  const breaks = dateBreaks(text);
  const spans: ContactSpan[] = [];
  for (let i = 0; i < text.length; i += 1) {
    if (!isDigit(text.charAt(i)) || breaks.has(i)) continue;
    YEAR_THEN_SLASH.lastIndex = i;
    if (!isDigit(text.charAt(i - 1)) && YEAR_THEN_SLASH.test(text)) {
      i += 4;
      continue;
    }
    const [end, digits] = scanRun(text, i, breaks);
    if (digits >= MINIMUM_DIGITS) {
      const [from, to] = widen(text, i, end);
      spans.push(spanOf(normal, from, to, 'phone'));
    }
    i = Math.max(i, end - 1);
  }
  return spans;
}

/**
 * Stretches that may hold a number the digit runs miss: an international number of seven or
 * eight digits after its + or 00 (UK numbers have nine or more). libphonenumber-js reads only
 * these, which keeps it fast.
 */
const CANDIDATE = /(?:\+|(?<![0-9])00)[\s(]{0,2}\d[\d\s().\-/]{4,24}\d/g;

function validNumbers(normal: MappedText, covered: readonly ContactSpan[]): ContactSpan[] {
  const spans: ContactSpan[] = [];
  for (const candidate of normal.text.matchAll(CANDIDATE)) {
    const [start] = originalRange(normal, candidate.index, candidate.index + 1);
    if (covered.some((span) => span.start <= start && span.end > start)) continue;
    for (const found of findNumbers(candidate[0], { defaultCountry: 'GB', v2: true })) {
      const from = candidate.index + found.startsAt;
      spans.push(spanOf(normal, from, candidate.index + found.endsAt, 'phone'));
    }
  }
  return spans;
}

export function findPhones(normal: MappedText): ContactSpan[] {
  const digitCount = normal.text.replace(/[^0-9]/g, '').length;
  if (digitCount < 7) return [];
  const runs = digitRuns(normal);
  return [...runs, ...validNumbers(normal, runs)];
}
