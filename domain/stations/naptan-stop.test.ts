import { describe, expect, it } from 'vitest';
import { missingNaptanColumns, parseNaptanRow } from './naptan-stop.ts';

const rail = {
  ATCOCode: '9100LEEDS',
  CommonName: 'Leeds Rail Station',
  LocalityName: 'Leeds',
  Longitude: '-1.54846',
  Latitude: '53.79511',
  StopType: 'RLY',
  Status: 'active',
};

describe('NaPTAN stops', () => {
  it('keeps railway and metro access areas as stations', () => {
    expect(parseNaptanRow(rail)).toEqual({
      ok: true,
      change: {
        kind: 'station',
        station: {
          atcoCode: '9100LEEDS',
          kind: 'rail',
          name: 'Leeds Rail Station',
          locality: 'Leeds',
          lat: 53.79511,
          lng: -1.54846,
        },
      },
    });
    expect(parseNaptanRow({ ...rail, StopType: 'MET' })).toMatchObject({
      change: { station: { kind: 'metro' } },
    });
  });

  it('leaves out entrances, platforms and bus stops, and withdraws inactive stations', () => {
    for (const stopType of ['RSE', 'RPL', 'TMU', 'PLT', 'BCT'])
      expect(parseNaptanRow({ ...rail, StopType: stopType })).toEqual({
        ok: true,
        change: { kind: 'other' },
      });
    expect(parseNaptanRow({ ...rail, Status: 'inactive' })).toEqual({
      ok: true,
      change: { kind: 'withdrawn', atcoCode: '9100LEEDS' },
    });
  });

  it('rejects a station without a position, and names missing columns', () => {
    expect(parseNaptanRow({ ...rail, Latitude: '' })).toEqual({
      ok: false,
      reason: 'no usable latitude and longitude',
    });
    expect(missingNaptanColumns(['ATCOCode', 'CommonName'])).toContain('StopType');
  });
});
