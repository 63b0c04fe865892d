import type { Placement } from './geocoder.ts';
import { areaOf, POSTCODE_AREA_TOWNS, sectorOf } from './postcode-areas.ts';
import type { ResolvedLocation } from './resolve-location.ts';

/** What a placement by the homes listed nearby, or by the post town, went by. */
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

/** Why a postcode had to be placed by homes or its post town rather than by the ONS lookup. */
function whyNotLookedUp(code: string): string {
  return areaOf(code) === 'BT'
    ? ": Northern Ireland's postcode locations are not open data"
    : ': it is newer than our postcode lookup';
}

/**
 * The notice for a postcode or district placed approximately (offline, without postcodes.io),
 * saying what it was placed by, e.g. 'We placed LS29 8AZ by its postcode sector (LS29 8), so
 * distances are approximate.' or 'We placed BT9 5AB approximately (by postcode district BT9, from
 * the homes listed there: Northern Ireland's postcode locations are not open data), so distances
 * are rough.'
 */
export function placementNote(location: ResolvedLocation | null): string | undefined {
  if (!location || (location.kind !== 'postcode' && location.kind !== 'outcode')) return undefined;
  if (!location.isApproximate) return undefined;
  const { label, placedBy } = location;
  if (placedBy === 'sector-centroid') {
    return `We placed ${label} by its postcode sector (${sectorOf(label)}), so distances are approximate.`;
  }
  if (placedBy === 'district-centroid') {
    return `We placed ${label} by its postcode district (${label.split(' ')[0]}), so distances are rough.`;
  }
  return `We placed ${label} approximately (${howPlaced(label, placedBy)}${whyNotLookedUp(label)}), so distances are rough.`;
}
