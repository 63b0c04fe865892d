/**
 * NaPTAN stops (Department for Transport, docs/data.md): `Stops.csv`, a header row of 43 columns
 * (ATCOCode, NaptanCode, …, CommonName, …, LocalityName, …, Longitude, Latitude, StopType, …,
 * Modification, Status). One station is one access-area stop: StopType RLY for a railway
 * station, MET for a metro, underground or tram station. Their entrances (RSE, TMU) and
 * platforms (RPL, PLT) are parts of a station, not stations, and are left out.
 */

export type StationKind = 'rail' | 'metro';

export interface NaptanStation {
  atcoCode: string;
  kind: StationKind;
  name: string;
  locality: string;
  lat: number;
  lng: number;
}

const KINDS: Record<string, StationKind> = { RLY: 'rail', MET: 'metro' };
// 'active' in the current export; 'act' in older ones. Anything else (inactive, deleted,
// pending) is not a station to travel from.
const LIVE = new Set(['active', 'act']);

/** The columns a NaPTAN Stops.csv header must have; empty when it has them all. */
export function missingNaptanColumns(header: string[]): string[] {
  const present = new Set(header.map((label) => label.trim()));
  return [
    'ATCOCode',
    'CommonName',
    'LocalityName',
    'Longitude',
    'Latitude',
    'StopType',
    'Status',
  ].filter((column) => !present.has(column));
}

export type NaptanChange =
  | { kind: 'station'; station: NaptanStation }
  /** A station stop NaPTAN marks inactive or deleted: removed if held. */
  | { kind: 'withdrawn'; atcoCode: string }
  /** Not a station (a bus stop, an entrance, a platform…). */
  | { kind: 'other' };

/** One Stops.csv row, keyed by its header labels; or why a station row cannot be used. */
export function parseNaptanRow(
  row: Record<string, string>,
): { ok: true; change: NaptanChange } | { ok: false; reason: string } {
  const kind = KINDS[(row.StopType ?? '').trim().toUpperCase()];
  if (!kind) return { ok: true, change: { kind: 'other' } };
  const atcoCode = (row.ATCOCode ?? '').trim();
  if (!/^[0-9A-Z]{4,12}$/i.test(atcoCode)) return { ok: false, reason: 'no usable ATCOCode' };
  if (!LIVE.has((row.Status ?? '').trim().toLowerCase()))
    return { ok: true, change: { kind: 'withdrawn', atcoCode } };
  const lat = Number(row.Latitude);
  const lng = Number(row.Longitude);
  // Blank cells read as 0; the UK's stations all lie well inside this box.
  if (
    !row.Latitude?.trim() ||
    !row.Longitude?.trim() ||
    !(lat > 49 && lat < 61) ||
    !(lng > -9 && lng < 2.5)
  )
    return { ok: false, reason: 'no usable latitude and longitude' };
  const name = (row.CommonName ?? '').trim();
  if (!name) return { ok: false, reason: 'no CommonName' };
  return {
    ok: true,
    change: {
      kind: 'station',
      station: { atcoCode, kind, name, locality: (row.LocalityName ?? '').trim(), lat, lng },
    },
  };
}
