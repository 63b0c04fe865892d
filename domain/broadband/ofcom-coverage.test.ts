import { describe, expect, it } from 'vitest';
import {
  coverageSnapshot,
  missingCoverageColumns,
  parseCoverageRow,
  spacedPostcode,
} from './ofcom-coverage.ts';

describe('Ofcom postcode coverage files', () => {
  it('reads the month from Ofcom’s file name and refuses other files', () => {
    expect(coverageSnapshot('202507_fixed_pc_coverage_r01_LS.csv')).toEqual({
      ok: true,
      snapshot: '2025-07-01',
    });
    expect(coverageSnapshot('202601_fixed_postcode_coverage_r2_AB.csv')).toMatchObject({
      ok: true,
    });
    expect(coverageSnapshot('202507_fixed_pc_res_coverage_r01_LS.csv')).toMatchObject({
      ok: false,
    });
    expect(coverageSnapshot('coverage.csv')).toMatchObject({ ok: false });
  });

  it('names the columns a header lacks', () => {
    expect(missingCoverageColumns(['postcode', 'SFBB availability (% premises)'])).toContain(
      'Gigabit availability (% premises)',
    );
  });

  it('keeps blank cells as unpublished and rejects values that are not percentages', () => {
    const parsed = parseCoverageRow({
      postcode: 'LS61AB',
      'SFBB availability (% premises)': '100',
      'Gigabit availability (% premises)': '',
    });
    expect(parsed).toMatchObject({
      ok: true,
      coverage: { postcode: 'LS6 1AB', superfastPct: 100, gigabitPct: null },
    });
    expect(
      parseCoverageRow({ postcode_space: 'LS6 1AB', 'UFBB availability (% premises)': '<3' }),
    ).toEqual({ ok: false, reason: 'UFBB availability (% premises) is not a percentage' });
    expect(spacedPostcode('not a postcode')).toBeUndefined();
  });
});
