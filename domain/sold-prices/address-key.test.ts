import { describe, expect, it } from 'vitest';
import { homeAddressKey, postcodeSector, saleAddressKey, streetSlug } from './address-key.ts';

describe('matching a listing with its sold prices', () => {
  it('takes a listing and a Land Registry sale of one home to one key', () => {
    const sale = { saon: 'FLAT 2', paon: '14', street: 'ST JOHN’S RD', postcode: 'LS6 1AB' };
    expect(homeAddressKey("Flat 2, 14 St John's Road", 'ls61ab')).toBe(saleAddressKey(sale));
    expect(homeAddressKey('Apartment 2 14 St. Johns Road', 'LS6 1AB')).toBe(saleAddressKey(sale));
  });

  it('keeps flats, house numbers and postcodes apart', () => {
    const key = homeAddressKey('Flat 2, 14 Victoria Road', 'LS6 1AB');
    expect(homeAddressKey('Flat 3, 14 Victoria Road', 'LS6 1AB')).not.toBe(key);
    expect(homeAddressKey('14 Victoria Road', 'LS6 1AB')).not.toBe(key);
    expect(homeAddressKey('Flat 2, 14 Victoria Road', 'LS6 1AD')).not.toBe(key);
  });

  it('names streets and sectors as the street page and nearby sales use them', () => {
    expect(streetSlug('Mill Ln')).toBe('mill-lane');
    expect(streetSlug('MILL LANE')).toBe('mill-lane');
    expect(postcodeSector('sw1a1aa')).toBe('SW1A 1');
  });
});
