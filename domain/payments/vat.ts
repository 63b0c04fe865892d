/** UK VAT at the standard rate, included in Roost's prices. All amounts in whole pence. */
export const VAT_RATE_PERCENT = 20;

export interface VatSplit {
  grossPence: number;
  netPence: number;
  vatPence: number;
}

/**
 * Splits a VAT-inclusive amount: the VAT fraction at 20 % is 1/6 of the gross (HMRC's 'VAT
 * fraction'), rounded to the nearest penny; net is what remains, so net + VAT = gross exactly.
 */
export function splitVat(grossPence: number): VatSplit {
  if (!Number.isSafeInteger(grossPence) || grossPence < 0) {
    throw new RangeError(`An amount in whole pence, not ${grossPence}`);
  }
  const vatPence = Math.round(grossPence / 6);
  return { grossPence, netPence: grossPence - vatPence, vatPence };
}
