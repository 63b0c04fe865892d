import { describe, expect, it } from 'vitest';
import { materialSourcesFor, type MaterialSuggestion } from './material-sources.ts';

const broadband: MaterialSuggestion = {
  field: 'broadband',
  text: 'Ultrafast (300 Mbit/s or more) available',
  source: 'Ofcom Connected Nations',
  asOf: '2026-01-01',
  isDemo: false,
};
const flood: MaterialSuggestion = {
  field: 'floodRisk',
  text: 'Flood Zone 3: high probability of flooding from rivers or the sea',
  source: 'Environment Agency Flood Map for Planning',
  asOf: '2026-03-01',
  isDemo: true,
};

describe('materialSourcesFor', () => {
  it('marks a part stated in the data’s own words as coming from the data', () => {
    const { sources, fieldErrors } = materialSourcesFor([broadband], {
      broadband: '  ultrafast (300 Mbit/s or MORE)   available ',
    });
    expect(fieldErrors).toEqual({});
    expect(sources).toEqual({
      broadband: { from: 'data', source: broadband.source, asOf: '2026-01-01', isDemo: false },
    });
  });

  it('asks for a reason when the lister’s words differ from the data', () => {
    const { sources, fieldErrors } = materialSourcesFor([broadband, flood], {
      broadband: 'FTTP up to 900 Mbps',
      floodRisk: flood.text,
    });
    expect(fieldErrors).toEqual({
      'materialReasons.broadband':
        'Say why this differs from the Ofcom Connected Nations data, or use its wording',
    });
    expect(sources.broadband).toBeUndefined();
    expect(sources.floodRisk?.from).toBe('data');
  });

  it('keeps the reason and what the data said when the lister overrides it', () => {
    const { sources, fieldErrors } = materialSourcesFor(
      [flood],
      { floodRisk: 'Low: flood defences built in 2024' },
      { floodRisk: ' New defences since the map was drawn ', broadband: 'unused' },
    );
    expect(fieldErrors).toEqual({});
    expect(sources).toEqual({
      floodRisk: {
        from: 'lister',
        reason: 'New defences since the map was drawn',
        dataText: flood.text,
        source: flood.source,
        asOf: '2026-03-01',
        isDemo: true,
      },
    });
  });

  it('gives no source to a part left empty or with no data', () => {
    const { sources, fieldErrors } = materialSourcesFor([flood], {
      floodRisk: '  ',
      broadband: 'Fibre to the cabinet',
    });
    expect(sources).toEqual({});
    expect(fieldErrors).toEqual({});
  });
});
