import { describe, expect, it } from 'vitest';
import { broadbandFieldText, summariseBroadband, tierSentence } from './broadband-summary.ts';

const held = {
  postcode: 'LS6 1AB',
  source: 'ofcom' as const,
  snapshot: '2025-07-01',
  superfastPct: 100,
  ultrafast100Pct: 85.5,
  ultrafastPct: 80,
  gigabitPct: 0,
  fullFibrePct: null,
  below10Pct: 0,
  below30Pct: 0,
};

describe('a postcode’s broadband summary', () => {
  it('lists tiers fastest first, leaving out what Ofcom did not publish', () => {
    const summary = summariseBroadband(held);
    expect(summary.status).toBe('published');
    if (summary.status !== 'published') return;
    expect(summary.tiers.map((tier) => tier.label)).toEqual([
      'Gigabit (1,000 Mbit/s)',
      'Ultrafast (300 Mbit/s+)',
      'Ultrafast (100 Mbit/s+)',
      'Superfast (30 Mbit/s+)',
    ]);
    expect(summary.fastest && tierSentence(summary.fastest)).toBe(
      'Ultrafast (300 Mbit/s+) available to 80% of premises in this postcode',
    );
  });

  it('gives the wizard the fastest tier in one line, and nothing when no tier reaches anyone', () => {
    expect(broadbandFieldText(summariseBroadband(held))).toBe(
      'Ultrafast (300 Mbit/s+) available to 80% of premises in this postcode',
    );
    const none = { ...held, superfastPct: 0, ultrafast100Pct: 0, ultrafastPct: 0 };
    expect(broadbandFieldText(summariseBroadband(none))).toBeUndefined();
    expect(broadbandFieldText({ status: 'not-loaded' })).toBeUndefined();
  });
});
