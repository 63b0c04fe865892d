import { describe, expect, it } from 'vitest';
import { parsePricePaidRow } from './price-paid-record.ts';

const row = (changes: Record<number, string> = {}) => {
  const fields = [
    '{1A2B3C4D-0001-4E5F-8A9B-0C1D2E3F4A01}',
    '250000',
    '2023-06-30 00:00',
    'LS61AB',
    'T',
    'Y',
    'L',
    '14',
    '',
    'VICTORIA ROAD',
    'HEADINGLEY',
    'LEEDS',
    'LEEDS',
    'WEST YORKSHIRE',
    'A',
    'A',
  ];
  for (const [index, value] of Object.entries(changes)) fields[Number(index)] = value;
  return fields;
};

describe('a Price Paid row', () => {
  it('reads an addition with its codes, the date and a spaced postcode', () => {
    expect(parsePricePaidRow(row())).toEqual({
      ok: true,
      change: {
        kind: 'upsert',
        isChange: false,
        sale: expect.objectContaining({
          price: 250000,
          soldOn: '2023-06-30',
          postcode: 'LS6 1AB',
          propertyType: 'T',
          isNewBuild: true,
          tenure: 'L',
          category: 'A',
        }),
      },
    });
  });

  it('reads a change and a deletion (which carries only its identifier)', () => {
    expect(parsePricePaidRow(row({ 15: 'C' }))).toMatchObject({ change: { isChange: true } });
    const deletion = ['{1A2B3C4D-0001-4E5F-8A9B-0C1D2E3F4A01}', ...Array(14).fill(''), 'D'];
    expect(parsePricePaidRow(deletion)).toEqual({
      ok: true,
      change: { kind: 'delete', transactionId: '{1A2B3C4D-0001-4E5F-8A9B-0C1D2E3F4A01}' },
    });
  });

  it('says what is wrong with a row it cannot use', () => {
    expect(parsePricePaidRow(row({ 1: '250k' }))).toEqual({
      ok: false,
      reason: 'price is not a whole number of pounds',
    });
    expect(parsePricePaidRow(row({ 4: 'X' }))).toMatchObject({ ok: false });
    expect(parsePricePaidRow(row({ 15: 'Q' }))).toMatchObject({ ok: false });
    expect(parsePricePaidRow(row({ 0: 'not-a-guid' }))).toMatchObject({ ok: false });
    expect(parsePricePaidRow(['a', 'b'])).toEqual({
      ok: false,
      reason: 'expected 16 columns, found 2',
    });
  });
});
