/**
 * Ofcom Connected Nations fixed broadband coverage, postcode files (docs/data.md): one CSV per
 * postcode area inside Ofcom's zip, named `YYYYMM_fixed_pc_coverage_rNN_AREA.csv`, a header row
 * of Ofcom's own labels, then one row per postcode with percentages of its premises.
 */

/** The figures Roost keeps for a postcode; null where Ofcom's cell is blank (not published). */
export interface BroadbandCoverage {
  /** With its single space, as Ofcom's `postcode_space`: 'LS6 1AB'. */
  postcode: string;
  superfastPct: number | null;
  ultrafast100Pct: number | null;
  ultrafastPct: number | null;
  gigabitPct: number | null;
  fullFibrePct: number | null;
  below10Pct: number | null;
  below30Pct: number | null;
}

export type CoverageFigure = Exclude<keyof BroadbandCoverage, 'postcode'>;

/** Ofcom's header labels for each figure. Full fibre is read only where a file carries it. */
export const COVERAGE_COLUMNS: Record<CoverageFigure, string> = {
  superfastPct: 'SFBB availability (% premises)',
  ultrafast100Pct: 'UFBB (100Mbit/s) availability (% premises)',
  ultrafastPct: 'UFBB availability (% premises)',
  gigabitPct: 'Gigabit availability (% premises)',
  fullFibrePct: 'Full Fibre availability (% premises)',
  below10Pct: '% of premises unable to receive 10Mbit/s',
  below30Pct: '% of premises unable to receive 30Mbit/s',
};
const OPTIONAL: CoverageFigure[] = ['fullFibrePct', 'below30Pct'];
const POSTCODE_SPACE = 'postcode_space';
const POSTCODE = 'postcode';

/** A UK postcode with one space before its inward code, or undefined if it is not one. */
export function spacedPostcode(text: string): string | undefined {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  const match = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/.exec(compact);
  return match ? `${match[1]} ${match[2]}` : undefined;
}

/** Postcode area, the letters that open the postcode: 'LS' of 'LS6 1AB'. */
export const postcodeArea = (postcode: string) => /^[A-Z]+/.exec(postcode)?.[0] ?? '';

/**
 * The snapshot a file describes, from Ofcom's file name (its only statement of the date):
 * '202507_fixed_pc_coverage_r01_LS.csv' is July 2025, returned as '2025-07-01'. Residential-only
 * (`res`) files and other levels are refused so one postcode never mixes two premises bases.
 */
export function coverageSnapshot(fileName: string):
  | { ok: true; snapshot: string }
  | {
      ok: false;
      reason: string;
    } {
  const match = /^(\d{4})(\d{2})_fixed_(pc|postcode)_(res_)?coverage(_res)?_r\d+/i.exec(fileName);
  if (!match) {
    return {
      ok: false,
      reason: `${fileName} is not named like Ofcom's postcode coverage files (e.g. 202507_fixed_pc_coverage_r01_LS.csv); keep Ofcom's file name, which states the data's date`,
    };
  }
  if (match[4] || match[5]) {
    return {
      ok: false,
      reason: `${fileName} is a residential-premises file; load the all-premises files (postcode_files/)`,
    };
  }
  const month = Number(match[2]);
  if (month < 1 || month > 12) return { ok: false, reason: `${fileName} names no real month` };
  return { ok: true, snapshot: `${match[1]}-${match[2]}-01` };
}

/** Which header labels are missing; empty when the file can be read. */
export function missingCoverageColumns(header: string[]): string[] {
  const present = new Set(header.map((label) => label.trim()));
  const missing = (Object.keys(COVERAGE_COLUMNS) as CoverageFigure[])
    .filter((figure) => !OPTIONAL.includes(figure))
    .map((figure) => COVERAGE_COLUMNS[figure])
    .filter((label) => !present.has(label));
  if (!present.has(POSTCODE_SPACE) && !present.has(POSTCODE)) missing.unshift(POSTCODE_SPACE);
  return missing;
}

function percentage(cell: string | undefined): number | null | 'bad' {
  const text = (cell ?? '').trim();
  if (text === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || value > 100) return 'bad';
  return Math.round(value * 10) / 10;
}

/** One data row, keyed by Ofcom's header labels, as Roost's figures; or why it cannot be used. */
export function parseCoverageRow(
  row: Record<string, string>,
): { ok: true; coverage: BroadbandCoverage } | { ok: false; reason: string } {
  const postcode = spacedPostcode(row[POSTCODE_SPACE] ?? row[POSTCODE] ?? '');
  if (!postcode) return { ok: false, reason: 'no usable postcode' };
  const coverage: BroadbandCoverage = {
    postcode,
    superfastPct: null,
    ultrafast100Pct: null,
    ultrafastPct: null,
    gigabitPct: null,
    fullFibrePct: null,
    below10Pct: null,
    below30Pct: null,
  };
  for (const figure of Object.keys(COVERAGE_COLUMNS) as CoverageFigure[]) {
    const value = percentage(row[COVERAGE_COLUMNS[figure]]);
    if (value === 'bad')
      return { ok: false, reason: `${COVERAGE_COLUMNS[figure]} is not a percentage` };
    coverage[figure] = value;
  }
  return { ok: true, coverage };
}
