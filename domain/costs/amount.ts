/**
 * A sum of money as people type it into a calculator: '£325,000', '325000', '325k', '£1.2m'.
 * Whole pounds, or `null` when it is not a sum.
 */
export function parseAmount(text: string): number | null {
  const match = /^£?\s*(\d[\d,]*(?:\.\d+)?)\s*([km])?$/i.exec(text.trim().replace(/\s+/g, ' '));
  if (!match) return null;
  const value = Number(match[1]!.replace(/,/g, ''));
  if (!Number.isFinite(value)) return null;
  const unit = match[2]?.toLowerCase();
  const multiple = unit === 'm' ? 1_000_000 : unit === 'k' ? 1_000 : 1;
  return Math.round(value * multiple);
}

/** A number typed as a plain decimal ('4.5', '25'), or `null`. */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim().replace(/%$/, '').trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}
