import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BroadbandSummary } from '@domain/broadband/broadband-summary';
import { Broadband } from './broadband';
import { NearestStations } from './nearest-stations';

const render = (element: React.ReactElement) =>
  renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>).replace(/<[^>]+>/g, ' ');

describe('the Broadband section', () => {
  it('says when Ofcom’s latest figures leave the postcode out, with their month', () => {
    const text = render(
      <Broadband broadband={{ status: 'not-published', snapshot: '2026-01-01' }} />,
    );
    expect(text).toContain('figures for January 2026 do not include this postcode');
    expect(text).toContain('Actual speeds depend on the provider and the property');
  });

  it('labels demo figures and names the source and month', () => {
    const broadband: BroadbandSummary = {
      status: 'published',
      source: 'demo',
      snapshot: '2025-07-01',
      tiers: [{ figure: 'superfastPct', label: 'Superfast (30 Mbit/s+)', percent: 88.9 }],
      below10Percent: 5.6,
      fastest: { figure: 'superfastPct', label: 'Superfast (30 Mbit/s+)', percent: 88.9 },
    };
    const text = render(<Broadband broadband={broadband} />);
    expect(text).toContain(
      'Superfast (30 Mbit/s+) available to 88.9% of premises in this postcode',
    );
    expect(text).toContain('5.6% of premises in this postcode cannot get 10 Mbit/s');
    expect(text).toContain('Demo data:');
    expect(text).toContain('Ofcom Connected Nations, figures for July 2025');
  });
});

describe('the Nearest stations section', () => {
  it('says distances are measured from the approximate location when the address is hidden', () => {
    const text = render(
      <NearestStations
        isApproximate
        stations={[
          {
            atcoCode: '9100HDGLY',
            name: 'Headingley Rail Station',
            kind: 'rail',
            miles: 0.49,
            walkingMinutes: 10,
            isDemo: false,
          },
        ]}
      />,
    );
    expect(text).toContain('Rail · 0.5 miles, about 10 minutes on foot');
    expect(text).toContain('from the approximate location shown on the map');
    expect(text).not.toContain('Demo data');
  });

  it('shows nothing when no station is held nearby', () => {
    expect(render(<NearestStations stations={[]} isApproximate={false} />).trim()).toBe('');
  });
});
