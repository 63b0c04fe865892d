import { gridToLatLng } from '../geo/british-national-grid.ts';

/**
 * The columns of the Department for Education's 'Get Information about Schools' establishment
 * extract (edubasealldataYYYYMMDD.csv) that Roost reads, by their header names. The file has a
 * header row and some 140 columns; coded fields come as a '(code)' and a '(name)' column.
 */
export const GIAS_COLUMNS = {
  urn: 'URN',
  name: 'EstablishmentName',
  type: 'TypeOfEstablishment (name)',
  status: 'EstablishmentStatus (name)',
  phase: 'PhaseOfEducation (name)',
  lowAge: 'StatutoryLowAge',
  highAge: 'StatutoryHighAge',
  street: 'Street',
  town: 'Town',
  postcode: 'Postcode',
  localAuthority: 'LA (name)',
  easting: 'Easting',
  northing: 'Northing',
  /** Not in every extract: Roost shows a rating only where the file carries one. */
  ofstedRating: 'OfstedRating (name)',
  /** The last inspection's date, DD-MM-YYYY. */
  ofstedLastInspection: 'OfstedLastInsp',
} as const;

const OPTIONAL: readonly string[] = [GIAS_COLUMNS.ofstedRating, GIAS_COLUMNS.ofstedLastInspection];

/** The statuses under which a school is taking pupils, and so shown. */
const OPEN_STATUSES = new Set(['Open', 'Open, but proposed to close']);

/** A school as Roost keeps it. */
export interface GiasSchool {
  urn: number;
  name: string;
  type: string;
  status: string;
  isOpen: boolean;
  phase: string;
  isPrimary: boolean;
  isSecondary: boolean;
  lowAge: number | null;
  highAge: number | null;
  street: string;
  town: string;
  postcode: string;
  localAuthority: string;
  /** WGS84, from the grid reference; null when the register gives none. */
  lat: number | null;
  lng: number | null;
  ofstedRating: string | null;
  /** YYYY-MM-DD. */
  ofstedInspectedOn: string | null;
}

export type GiasRowResult = { ok: true; school: GiasSchool } | { ok: false; reason: string };

/** Header columns Roost needs that a file lacks: not an establishment extract if any. */
export function missingGiasColumns(header: readonly string[]): string[] {
  const held = new Set(header);
  return Object.values(GIAS_COLUMNS).filter((name) => !OPTIONAL.includes(name) && !held.has(name));
}

/**
 * Which stages a school teaches. The phase says so for most; independent, special and
 * alternative provision schools are 'Not applicable', so their statutory ages decide: any of
 * ages 5–10 is primary, any of 11–15 secondary (the high age is the age pupils leave at).
 */
export function schoolStages(
  phase: string,
  lowAge: number | null,
  highAge: number | null,
): { isPrimary: boolean; isSecondary: boolean } {
  switch (phase) {
    case 'Primary':
    case 'Middle deemed primary':
      return { isPrimary: true, isSecondary: false };
    case 'Secondary':
    case 'Middle deemed secondary':
      return { isPrimary: false, isSecondary: true };
    case 'All-through':
      return { isPrimary: true, isSecondary: true };
    case 'Not applicable':
    case '':
      if (lowAge === null || highAge === null) return { isPrimary: false, isSecondary: false };
      return { isPrimary: lowAge < 11 && highAge > 5, isSecondary: lowAge < 16 && highAge > 11 };
    default:
      // Nursery, 16 plus.
      return { isPrimary: false, isSecondary: false };
  }
}

const wholeNumber = (text: string | undefined): number | null | undefined => {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
};

/** 'DD-MM-YYYY' as 'YYYY-MM-DD'; null when blank or not a real date. */
export function giasDate(text: string | undefined): string | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec((text ?? '').trim());
  if (!match) return null;
  const [, day, month, year] = match as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCDate() === Number(day) && date.getUTCMonth() === Number(month) - 1
    ? `${year}-${month}-${day}`
    : null;
}

function location(record: Record<string, string>) {
  const easting = wholeNumberOrDecimal(record[GIAS_COLUMNS.easting]);
  const northing = wholeNumberOrDecimal(record[GIAS_COLUMNS.northing]);
  if (easting === undefined || northing === undefined) return undefined;
  // Blank or 0: the register holds no grid reference (schools overseas, some closed ones).
  if (!easting || !northing) return { lat: null, lng: null };
  if (easting > 700_000 || northing > 1_300_000) return undefined;
  const { lat, lng } = gridToLatLng(easting, northing);
  return { lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)) };
}

function wholeNumberOrDecimal(text: string | undefined): number | null | undefined {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return null;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** One row of the extract, keyed by header name, as a school; or why it cannot be used. */
export function parseGiasRow(record: Record<string, string>): GiasRowResult {
  const text = (column: string) => (record[column] ?? '').trim();
  const urn = wholeNumber(record[GIAS_COLUMNS.urn]);
  if (!urn) return { ok: false, reason: 'no URN' };
  const name = text(GIAS_COLUMNS.name);
  if (!name) return { ok: false, reason: 'no establishment name' };
  const lowAge = wholeNumber(record[GIAS_COLUMNS.lowAge]);
  const highAge = wholeNumber(record[GIAS_COLUMNS.highAge]);
  if (lowAge === undefined || highAge === undefined)
    return { ok: false, reason: 'statutory age is not a number' };
  const place = location(record);
  if (!place) return { ok: false, reason: 'easting or northing is not a grid reference' };
  const status = text(GIAS_COLUMNS.status);
  const phase = text(GIAS_COLUMNS.phase);
  const rating = text(GIAS_COLUMNS.ofstedRating);
  return {
    ok: true,
    school: {
      urn,
      name,
      type: text(GIAS_COLUMNS.type),
      status,
      isOpen: OPEN_STATUSES.has(status),
      phase,
      ...schoolStages(phase, lowAge, highAge),
      lowAge,
      highAge,
      street: text(GIAS_COLUMNS.street),
      town: text(GIAS_COLUMNS.town),
      postcode: text(GIAS_COLUMNS.postcode).toUpperCase(),
      localAuthority: text(GIAS_COLUMNS.localAuthority),
      ...place,
      ofstedRating: rating && rating !== 'Not applicable' ? rating : null,
      ofstedInspectedOn: giasDate(record[GIAS_COLUMNS.ofstedLastInspection]),
    },
  };
}
