import { isValid, toNormalised, toOutcode, toSector, validOutcode } from 'postcode';
import type { Nation } from '../../../domain/costs/stamp-duty.ts';
import { centroidTables } from './postcode-centroids.ts';

/**
 * The UK nation a postcode (or a postcode district) lies in: the one answer the listing's stored
 * country, the stamp duty calculator and the lettings rules all use. Decided by the postcode's
 * sector in the ONS lookup, which follows the borders (Berwick's TD15 is in England, Deeside's
 * CH5–CH8 in Wales, NP16 7 in England while the rest of NP16 is Welsh); else by its district;
 * `BT` is Northern Ireland (absent from the lookup); a code the lookup has never seen takes the
 * nation most of its postcode area's districts lie in.
 */
export function nationForPostcode(postcode: string): Nation {
  const { sectors, districts } = centroidTables();
  const compact = postcode.trim().toUpperCase().replace(/\s+/g, '');
  const full = isValid(compact) ? toNormalised(compact) : null;
  const outcode = full ? toOutcode(full) : validOutcode(compact) ? compact : null;
  const area = /^[A-Z]{1,2}/.exec(compact)?.[0] ?? '';
  if (area === 'BT') return 'Northern Ireland';
  return (
    (full ? sectors.get(toSector(full) ?? '')?.nation : undefined) ??
    (outcode ? districts.get(outcode)?.nation : undefined) ??
    areaNation(area)
  );
}

let areaNations: Map<string, Nation> | undefined;

/** The nation most of an area's districts lie in ('TD' → Scotland); England for none. */
function areaNation(area: string): Nation {
  if (!areaNations) {
    const tally = new Map<string, Map<Nation, number>>();
    for (const district of centroidTables().districts.values()) {
      const letters = /^[A-Z]{1,2}/.exec(district.code)![0];
      const counts = tally.get(letters) ?? new Map<Nation, number>();
      counts.set(district.nation, (counts.get(district.nation) ?? 0) + 1);
      tally.set(letters, counts);
    }
    areaNations = new Map(
      [...tally].map(([letters, counts]) => [
        letters,
        [...counts].sort((a, b) => b[1] - a[1])[0]![0],
      ]),
    );
  }
  return areaNations.get(area) ?? 'England';
}
