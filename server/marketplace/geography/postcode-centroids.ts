import fs from 'node:fs';
import { isNation, type Nation } from '../../../domain/costs/stamp-duty.ts';

/**
 * The centre of a postcode sector ('LS29 8') or district ('LS29') and the nation it lies in, from
 * the ONS National Statistics Postcode Lookup (Open Government Licence v3.0; source, attribution
 * and how border sectors were assigned: `postcode-centroids/README.md`).
 */
export interface PostcodeCentroid {
  code: string;
  lat: number;
  lng: number;
  /** How many postcodes the centre is the mean of. */
  postcodes: number;
  nation: Nation;
}

/** The shipped files, beside this module (a folder named `data` would be git-ignored). */
export const CENTROID_FILES = {
  sectors: new URL('./postcode-centroids/sectors.csv', import.meta.url),
  districts: new URL('./postcode-centroids/districts.csv', import.meta.url),
} as const;

const HEADERS = {
  sectors: 'sector,lat,lng,postcodes,country',
  districts: 'district,lat,lng,postcodes,country',
} as const;

const CODE_PATTERNS = {
  sectors: /^[A-Z]{1,2}\d[A-Z\d]? \d$/,
  districts: /^[A-Z]{1,2}\d[A-Z\d]?$/,
} as const;

/** Reads one of the CSV files; a malformed line stops with its line number rather than misplace. */
export function parseCentroids(kind: keyof typeof HEADERS, text: string): PostcodeCentroid[] {
  const lines = text.split(/\r?\n/).filter((line) => line !== '');
  if (lines[0] !== HEADERS[kind]) {
    throw new Error(`${kind}.csv: expected the header "${HEADERS[kind]}"`);
  }
  return lines.slice(1).map((line, index) => {
    const [code = '', lat, lng, postcodes, nation] = line.split(',');
    const row = { code, lat: Number(lat), lng: Number(lng), postcodes: Number(postcodes), nation };
    const isInUk = row.lat >= 49.8 && row.lat <= 61 && row.lng >= -8.7 && row.lng <= 1.8;
    if (!CODE_PATTERNS[kind].test(code) || !isInUk || !isNation(nation)) {
      throw new Error(`${kind}.csv line ${index + 2} is not a UK ${kind} centroid: "${line}"`);
    }
    return { ...row, nation };
  });
}

export interface CentroidTables {
  sectors: ReadonlyMap<string, PostcodeCentroid>;
  districts: ReadonlyMap<string, PostcodeCentroid>;
}

let tables: CentroidTables | undefined;

/** Both files as maps by code, read once on first use (about 15,000 rows, a few milliseconds). */
export function centroidTables(): CentroidTables {
  tables ??= {
    sectors: byCode(parseCentroids('sectors', fs.readFileSync(CENTROID_FILES.sectors, 'utf8'))),
    districts: byCode(
      parseCentroids('districts', fs.readFileSync(CENTROID_FILES.districts, 'utf8')),
    ),
  };
  return tables;
}

function byCode(rows: PostcodeCentroid[]): Map<string, PostcodeCentroid> {
  return new Map(rows.map((row) => [row.code, row]));
}
