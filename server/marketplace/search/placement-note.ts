import type { Placement } from './geocoder.ts';
import { areaOf, POSTCODE_AREA_TOWNS, sectorOf } from './postcode-areas.ts';
import type { ResolvedLocation } from './resolve-location.ts';

function howPlaced(code: string, placedBy: Placement | undefined): string {
  const district = code.split(' ')[0]!;
  switch (placedBy) {
    case 'postcode':
      return 'by the homes listed in that postcode';
    case 'sector':
      return `by postcode sector ${sectorOf(code)}, from the homes listed there`;
    case 'district':
      return `by postcode district ${district}, from the homes listed there`;
    case 'area':
      return `by the ${areaOf(code)} postcode area, from the homes listed there`;
    case 'post-town': {
      const town = POSTCODE_AREA_TOWNS[areaOf(code)];
      return `at the centre of ${town}, the post town of the ${areaOf(code)} postcode area`;
    }
    default:
      return 'near other homes in its postcode district or area';
  }
}

/**
 * The notice for a postcode or district placed approximately (offline, without postcodes.io),
 * saying what it was placed by, e.g. 'We placed SW1A 1AA approximately (by postcode district
 * SW1A, from the homes listed there), so distances are rough.'
 */
export function placementNote(location: ResolvedLocation | null): string | undefined {
  if (!location || (location.kind !== 'postcode' && location.kind !== 'outcode')) return undefined;
  if (!location.isApproximate) return undefined;
  return `We placed ${location.label} approximately (${howPlaced(location.label, location.placedBy)}), so distances are rough.`;
}
