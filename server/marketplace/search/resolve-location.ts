import { isValid, toNormalised, toOutcode, validOutcode } from 'postcode';
import type { Gazetteer, PlaceSuggestion } from './gazetteer.ts';
import type { Geocoder, Placement } from './geocoder.ts';

export type ResolvedLocation =
  | { kind: 'place'; label: string; slug: string; town: string; lat: number; lng: number }
  | {
      kind: 'outcode';
      label: string;
      outcode: string;
      lat: number;
      lng: number;
      /** Placed by the homes listed in it or its area, or at its area's post town (offline). */
      isApproximate?: boolean;
      placedBy?: Placement;
    }
  | {
      kind: 'postcode';
      label: string;
      postcode: string;
      lat: number;
      lng: number;
      /** Placed by its sector, district or area rather than its own centre (offline geocoder). */
      isApproximate?: boolean;
      placedBy?: Placement;
    }
  | { kind: 'point'; label: string; lat: number; lng: number };

export type LocationLookup =
  | { status: 'found'; location: ResolvedLocation }
  | { status: 'not-found'; message: string; suggestions: PlaceSuggestion[] };

/**
 * Understands a town, city or village name, a postcode district (`SW1A`, `M1`) or a full
 * postcode (`SW1A 1AA`). When nothing matches, says so and offers the nearest names.
 */
export async function resolveLocation(
  gazetteer: Gazetteer,
  geocoder: Geocoder,
  text: string,
): Promise<LocationLookup> {
  const trimmed = text.trim();
  if (isValid(trimmed)) {
    const postcode = toNormalised(trimmed)!;
    const point = await geocoder.locatePostcode(postcode);
    if (point)
      return {
        status: 'found',
        location: { kind: 'postcode', label: postcode, postcode, ...point },
      };
    return {
      status: 'not-found',
      message: `We couldn't place the postcode ${postcode} yet. Try its town or district (${toOutcode(postcode)}).`,
      suggestions: [],
    };
  }
  const compact = trimmed.toUpperCase().replace(/\s+/g, '');
  if (/^[A-Z]{1,2}\d[A-Z\d]?$/.test(compact) && validOutcode(compact)) {
    const point = await geocoder.locateOutcode(compact);
    if (point)
      return {
        status: 'found',
        location: { kind: 'outcode', label: compact, outcode: compact, ...point },
      };
    return {
      status: 'not-found',
      message: `We don't have any homes in the ${compact} postcode district yet. Try a nearby town.`,
      suggestions: [],
    };
  }
  const place = gazetteer.find(trimmed);
  if (place) {
    return {
      status: 'found',
      location: {
        kind: 'place',
        label: place.name,
        slug: place.slug,
        town: place.name,
        lat: place.lat,
        lng: place.lng,
      },
    };
  }
  const suggestions = gazetteer.suggest(trimmed);
  return {
    status: 'not-found',
    message: `We couldn't find "${trimmed}". Check the spelling, or try a town, city or postcode.`,
    suggestions,
  };
}
