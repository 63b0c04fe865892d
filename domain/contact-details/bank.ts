/**
 * UK bank details: sort codes (with the words 'sort code', or alone when not a date or beside
 * other bank words), 8-digit account numbers beside bank words or a sort code, and IBANs that
 * pass their check digits.
 */
import type { ContactSpan } from './contact-details.ts';
import type { MappedText } from './mapped-text.ts';
import { spanOf } from './spans.ts';

const SORT_CODE_WORDS = /\b(?:sort\s*code|sortcode|sort|s\/c)\b[\s:.\-=]*(?:is\s+)?/g;
/** Six digits, in pairs or not, with light separators: '20-00-00', '2 0, 00, 00'. */
const SIX_DIGITS = /^(?:\d[\s.,-]{0,2}){5}\d(?![0-9])/;
const BARE_SORT_CODE = /(?<![0-9./-])(\d{2})-(\d{2})-(\d{2})(?![0-9]|[./-][0-9])/g;
const BANK_WORDS = /\b(?:bank|account|acc|acct|a\/c|sort\s*code|sortcode|iban|payee|transfer)\b/;
const ACCOUNT_NUMBER = /(?<![0-9][\s.-]?)\d{4}[\s-]?\d{4}(?![\s.-]?[0-9])/g;
const IBAN = /(?<![a-z0-9])[a-z]{2}\d{2}(?: ?[a-z0-9]{4}){2,7}(?: ?[a-z0-9]{1,3})?(?![a-z0-9])/g;

function plausibleDate(day: number, month: number): boolean {
  return day >= 1 && day <= 31 && month >= 1 && month <= 12;
}

function sortCodesAfterWords(text: string): [number, number][] {
  const found: [number, number][] = [];
  for (const words of text.matchAll(SORT_CODE_WORDS)) {
    const start = words.index + words[0].length;
    const pairs = SIX_DIGITS.exec(text.slice(start, start + 20));
    if (pairs) found.push([start, start + pairs[0].length]);
  }
  return found;
}

function bareSortCodes(text: string, bankContext: boolean): [number, number][] {
  const found: [number, number][] = [];
  for (const match of text.matchAll(BARE_SORT_CODE)) {
    if (bankContext || !plausibleDate(Number(match[1]), Number(match[2]))) {
      found.push([match.index, match.index + match[0].length]);
    }
  }
  return found;
}

/** Whether an IBAN passes ISO 13616's mod-97 check. */
export function validIban(candidate: string): boolean {
  const compact = candidate.replace(/ /g, '').toUpperCase();
  if (compact.length < 15 || compact.length > 34) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const value = parseInt(character, 36);
    remainder = Number(`${remainder}${value}`) % 97;
  }
  return remainder === 1;
}

export function findBankDetails(normal: MappedText): ContactSpan[] {
  const { text } = normal;
  if (!/[0-9]{2}/.test(text)) return [];
  const sortCodes = sortCodesAfterWords(text);
  const bankContext = BANK_WORDS.test(text) || sortCodes.length > 0;
  sortCodes.push(...bareSortCodes(text, bankContext));
  const ranges = [...sortCodes];
  if (bankContext || sortCodes.length > 0) {
    for (const match of text.matchAll(ACCOUNT_NUMBER)) {
      ranges.push([match.index, match.index + match[0].length]);
    }
  }
  for (const match of text.matchAll(IBAN)) {
    if (validIban(match[0])) ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges.map(([start, end]) => spanOf(normal, start, end, 'bank'));
}
