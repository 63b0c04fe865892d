import { describe, expect, it } from 'vitest';
import { describeEntitlement, durationOf } from './describe.ts';

describe('upgrade descriptions', () => {
  it('names placements by their days and one-offs by their uses', () => {
    expect(describeEntitlement({ kind: 'featured', days: 28 })).toBe('Featured for 28 days');
    expect(describeEntitlement({ kind: 'bump', uses: 2 })).toBe('2 bumps');
    expect(describeEntitlement({ kind: 'alert_boost' })).toBe('1 alert boost');
  });

  it('gives the longest placement as the duration, or one-off', () => {
    expect(
      durationOf([
        { kind: 'featured', days: 28 },
        { kind: 'bump', uses: 2 },
      ]),
    ).toBe('28 days');
    expect(durationOf([{ kind: 'bump', uses: 1 }])).toBe('One-off');
  });
});
