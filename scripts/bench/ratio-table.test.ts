import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from './lighthouse-calibration.ts';
import { formatTable, meets, ratioOf, type RatioRow } from './ratio-table.ts';

const row = (value: number, floor: number | undefined, target?: RatioRow['target']): RatioRow => ({
  bench: 'bench:test',
  measure: 'a figure',
  figure: { value, unit: 'ms' },
  ...(floor === undefined ? {} : { floor: { name: 'a floor', value: floor, unit: 'ms' } }),
  ...(target ? { target } : {}),
});

describe('ratio table', () => {
  it('judges the ratio to the floor against the target', () => {
    expect(ratioOf(row(9, 3))).toBe(3);
    expect(meets(row(4, 2, { atMost: 2 }))).toBe(true);
    expect(meets(row(4.2, 2, { atMost: 2 }))).toBe(false);
    expect(meets(row(8, 2, { atLeast: 4 }))).toBe(true);
    expect(meets(row(7, 2, { atLeast: 4 }))).toBe(false);
  });

  it('judges a figure without a floor on its own, and a row without a target never', () => {
    expect(meets(row(96, undefined, { atLeast: 95 }))).toBe(true);
    expect(meets(row(94, undefined, { atLeast: 95 }))).toBe(false);
    expect(meets(row(1, 100))).toBeUndefined();
  });

  it('counts a floor that could not be measured as a miss', () => {
    expect(meets(row(50, NaN, { atLeast: 4 }))).toBe(false);
  });

  it('prints each row with its floor, ratio, target and verdict', () => {
    const table = formatTable([row(4.2, 2, { atMost: 2 }), row(1, 100)]);
    expect(table).toContain(
      '| bench:test | a figure | 4.2 ms | a floor | 2 ms         | 2.10  | ratio ≤ 2   | MISSED |',
    );
    expect(table).toContain('| 0.01  | (reference) |');
  });
});

describe("Lighthouse's CPU slowdown for a host", () => {
  it("follows the calculator's anchors and never speeds a slow host up", () => {
    expect(cpuSlowdownFor(150)).toBe(1);
    expect(cpuSlowdownFor(800)).toBe(2);
    expect(cpuSlowdownFor(1300)).toBe(3);
    expect(cpuSlowdownFor(1533)).toBe(4);
    expect(cpuSlowdownFor(1050)).toBe(2.5);
    expect(cpuSlowdownFor(60)).toBe(1);
  });
});
