import { foldForComparison } from '../contact-details/fold-text.ts';

// Written out in full on both sides, so 'Mill Ln' and 'MILL LANE' are one street.
const STREET_WORDS: Record<string, string> = {
  rd: 'road',
  st: 'street',
  ave: 'avenue',
  av: 'avenue',
  ln: 'lane',
  dr: 'drive',
  cl: 'close',
  cres: 'crescent',
  ct: 'court',
  pl: 'place',
  gdns: 'gardens',
  gr: 'grove',
  sq: 'square',
  tce: 'terrace',
  ter: 'terrace',
  pk: 'park',
  hse: 'house',
  apt: 'flat',
  apartment: 'flat',
};

/** Words of an address line as compared: folded, apostrophes dropped, abbreviations expanded. */
export function addressWords(text: string): string {
  return foldForComparison(text)
    .replace(/['’`]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => STREET_WORDS[word] ?? word)
    .join(' ');
}

/** The postcode without its space, upper case. */
export function compactPostcode(postcode: string): string {
  return postcode.replace(/\s+/g, '').toUpperCase();
}

/**
 * One key for one home however its address is typed, for matching a listing with its past
 * sales: the address words in order (flat, house number or name, street) and the postcode.
 * 'Flat 2, 14 Victoria Rd' + 'ls6 1ab' and SAON 'FLAT 2', PAON '14', street 'VICTORIA ROAD',
 * 'LS6 1AB' → 'flat 2 14 victoria road|LS61AB'. Unlike the repost check's key, the flat is kept:
 * flats in one building are different homes with different sales.
 */
export function homeAddressKey(addressLine: string, postcode: string): string {
  return `${addressWords(addressLine)}|${compactPostcode(postcode)}`;
}

/** A Price Paid sale's key: SAON, PAON and street, in that order, as one address line. */
export function saleAddressKey(sale: {
  saon: string;
  paon: string;
  street: string;
  postcode: string;
}): string {
  return homeAddressKey([sale.saon, sale.paon, sale.street].join(' '), sale.postcode);
}

/** A street within a postcode district, as used in the street page's address. */
export function streetSlug(street: string): string {
  return addressWords(street).replace(/ /g, '-');
}

/** The outward code ('LS6' of 'LS6 1AB'). */
export function postcodeDistrict(postcode: string): string {
  return compactPostcode(postcode).slice(0, -3);
}

/** The sector ('LS6 1' of 'LS6 1AB'). */
export function postcodeSector(postcode: string): string {
  const code = compactPostcode(postcode);
  return `${code.slice(0, -3)} ${code.slice(-3, -2)}`;
}
