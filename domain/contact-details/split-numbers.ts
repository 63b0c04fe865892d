/**
 * A phone number given a few digits a message, with words between ('my number starts 07700' …
 * 'and the rest is 900123'): the digits of the sender's earlier messages joined with the digit
 * groups of the newest make a UK number, so the newest message's groups are masked.
 */
import type { ContactSpan } from './contact-details.ts';
import { normaliseForDetection } from './normalise.ts';
import { spanOf } from './spans.ts';

/** A group of three or more digits, possibly spaced ('900 123'), in the normalised text. */
const DIGIT_GROUP = /\d(?:[\s.\-/]?\d){2,}/g;
/** The digits a UK number is written with: 0 and ten digits, or 44 and ten. */
const UK_NUMBER = /^(?:0\d{10}|44\d{10})$/;

/** The newest message's digit groups, when with the earlier digits they make a UK number. */
export function findSplitNumbers(text: string, earlier: readonly string[]): ContactSpan[] {
  const newest = normaliseForDetection(text);
  const groups = [...newest.text.matchAll(DIGIT_GROUP)];
  if (groups.length === 0 || earlier.length === 0) return [];
  const newDigits = groups.map((group) => group[0].replace(/\D/g, '')).join('');
  if (newDigits.length > 10) return [];
  const earlierDigits = normaliseForDetection(earlier.join('\n')).text.replace(/\D/g, '');
  // The start the newest digits complete: the last 1 to 11 digits written before them.
  for (let length = 1; length <= Math.min(11, earlierDigits.length); length += 1) {
    if (UK_NUMBER.test(earlierDigits.slice(-length) + newDigits)) {
      return groups.map((group) =>
        spanOf(newest, group.index, group.index + group[0].length, 'phone'),
      );
    }
  }
  return [];
}
