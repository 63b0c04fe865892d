import { remove as removeConfusables } from 'confusables';

/**
 * Text folded for comparison: compatibility forms (NFKC), format characters removed, look-alike
 * letters from other scripts replaced by their Latin twins, lower case. Used wherever two texts must
 * compare equal although one was disguised (reposted listings, contact details).
 */
export function foldForComparison(text: string): string {
  const compatible = text.normalize('NFKC').replace(/\p{Cf}/gu, '');
  return removeConfusables(compatible).toLowerCase();
}
