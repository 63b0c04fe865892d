import type { Nation } from '../../../domain/costs/stamp-duty.ts';
import { countryOf } from '../listings/listing-values.ts';

/**
 * The UK nation a postcode lies in: the one answer the listing's stored country, the stamp duty
 * calculator and the lettings rules all use.
 */
export function nationForPostcode(postcode: string): Nation {
  return countryOf(postcode) as Nation;
}
