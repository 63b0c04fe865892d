import { describe, expect, it } from 'vitest';
import { giasDate, missingGiasColumns, parseGiasRow, schoolStages } from './gias-record.ts';

const row = (overrides: Record<string, string> = {}) => ({
  URN: '100000',
  'LA (name)': 'City of London',
  EstablishmentName: 'The Aldgate School',
  'TypeOfEstablishment (name)': 'Voluntary aided school',
  'EstablishmentStatus (name)': 'Open',
  'PhaseOfEducation (name)': 'Primary',
  StatutoryLowAge: '3',
  StatutoryHighAge: '11',
  Street: "St James's Passage",
  Town: 'London',
  Postcode: 'EC3A 5DE',
  Easting: '533498',
  Northing: '181201',
  OfstedLastInsp: '19-04-2013',
  'OfstedRating (name)': 'Outstanding',
  ...overrides,
});

describe('a row of the establishment extract', () => {
  it('reads a school with its place, ages and last inspection', () => {
    const result = parseGiasRow(row());
    expect(result).toMatchObject({
      ok: true,
      school: {
        urn: 100000,
        name: 'The Aldgate School',
        isOpen: true,
        isPrimary: true,
        isSecondary: false,
        lowAge: 3,
        highAge: 11,
        ofstedRating: 'Outstanding',
        ofstedInspectedOn: '2013-04-19',
      },
    });
    if (result.ok) expect(result.school.lat).toBeCloseTo(51.514, 2);
  });

  it('keeps a closed school, not open, and one with no grid reference, unplaced', () => {
    const closed = parseGiasRow(
      row({ 'EstablishmentStatus (name)': 'Closed', Easting: '', Northing: '' }),
    );
    expect(closed).toMatchObject({ ok: true, school: { isOpen: false, lat: null, lng: null } });
    const closing = parseGiasRow(
      row({ 'EstablishmentStatus (name)': 'Open, but proposed to close' }),
    );
    expect(closing).toMatchObject({ ok: true, school: { isOpen: true } });
    const opening = parseGiasRow(row({ 'EstablishmentStatus (name)': 'Proposed to open' }));
    expect(opening).toMatchObject({ ok: true, school: { isOpen: false } });
  });

  it('says why a row cannot be used', () => {
    expect(parseGiasRow(row({ URN: '' }))).toEqual({ ok: false, reason: 'no URN' });
    expect(parseGiasRow(row({ EstablishmentName: ' ' }))).toEqual({
      ok: false,
      reason: 'no establishment name',
    });
    expect(parseGiasRow(row({ Easting: 'n/a' }))).toEqual({
      ok: false,
      reason: 'easting or northing is not a grid reference',
    });
    expect(parseGiasRow(row({ StatutoryHighAge: 'eleven' }))).toEqual({
      ok: false,
      reason: 'statutory age is not a number',
    });
  });

  it('holds no rating where the file carries none', () => {
    const result = parseGiasRow(row({ 'OfstedRating (name)': '', OfstedLastInsp: '' }));
    expect(result).toMatchObject({
      ok: true,
      school: { ofstedRating: null, ofstedInspectedOn: null },
    });
  });
});

describe('school stages', () => {
  it('follows the phase, and the ages where the phase does not apply', () => {
    expect(schoolStages('Secondary', 11, 18)).toEqual({ isPrimary: false, isSecondary: true });
    expect(schoolStages('All-through', 4, 18)).toEqual({ isPrimary: true, isSecondary: true });
    expect(schoolStages('Nursery', 2, 5)).toEqual({ isPrimary: false, isSecondary: false });
    expect(schoolStages('16 plus', 16, 19)).toEqual({ isPrimary: false, isSecondary: false });
    // An independent prep school and an independent senior school.
    expect(schoolStages('Not applicable', 3, 13)).toEqual({ isPrimary: true, isSecondary: true });
    expect(schoolStages('Not applicable', 11, 18)).toEqual({ isPrimary: false, isSecondary: true });
    expect(schoolStages('Not applicable', null, null)).toEqual({
      isPrimary: false,
      isSecondary: false,
    });
  });
});

describe('the extract’s header and dates', () => {
  it('names the columns a file lacks, the Ofsted ones being optional', () => {
    expect(missingGiasColumns(Object.keys(row()))).toEqual([]);
    const withoutOfsted = Object.keys(row()).filter((name) => !name.startsWith('Ofsted'));
    expect(missingGiasColumns(withoutOfsted)).toEqual([]);
    expect(missingGiasColumns(['URN', 'EstablishmentName'])).toContain('Easting');
  });

  it('reads DD-MM-YYYY and refuses dates that do not exist', () => {
    expect(giasDate('01-09-2024')).toBe('2024-09-01');
    expect(giasDate('31-02-2024')).toBeNull();
    expect(giasDate('')).toBeNull();
  });
});
