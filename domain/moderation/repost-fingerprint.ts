import { foldForComparison } from '../contact-details/fold-text.ts';

/**
 * Text as reposts are compared: look-alike letters from other scripts folded to Latin, lower
 * case, punctuation and runs of spaces as one space. 'Вright  flat!' and 'bright flat' are equal.
 */
export function comparableText(text: string): string {
  return foldForComparison(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// 'Flat 1', 'Apartment 12B', 'Unit 3', 'Apt. 4', 'Room 2', 'Studio 5' before the street address:
// the same building is the same address for a repost (a moderator looks before anything is lost).
const UNIT_PREFIX = /^(?:flat|apartment|apt|unit|room|studio|maisonette)\s+\d+[a-z]?\s+(?=\d)/;

/**
 * One key for one address however it is typed: case, punctuation, spacing, look-alike letters,
 * a flat/unit/apartment prefix and the postcode's space do not count.
 * '12, Mill  Lane' + 'ls6 1ab' and 'Flat 1, 12 Mill Lane' + 'LS61AB' → '12 mill lane|LS61AB'.
 */
export function addressKey(addressLine1: string, postcode: string): string {
  const line = comparableText(addressLine1).replace(UNIT_PREFIX, '');
  const code = comparableText(postcode).replace(/\s+/g, '').toUpperCase();
  return `${line}|${code}`;
}
