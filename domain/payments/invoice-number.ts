/**
 * Invoice numbers come from one counter, so they run 1, 2, 3… with no gaps (HMRC asks for a
 * unique, sequential number). Shown with a prefix and padded so they sort as text too.
 */
export const INVOICE_PREFIX = 'ROO-';

export function formatInvoiceNumber(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw new RangeError(`An invoice sequence from 1, not ${sequence}`);
  }
  return `${INVOICE_PREFIX}${String(sequence).padStart(6, '0')}`;
}

export function parseInvoiceNumber(text: string): number | undefined {
  const match = /^ROO-(\d{6,})$/.exec(text.trim().toUpperCase());
  if (!match) return undefined;
  const sequence = Number(match[1]);
  return Number.isSafeInteger(sequence) && sequence >= 1 ? sequence : undefined;
}
