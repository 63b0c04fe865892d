import { MATERIAL_FIELDS } from '@domain/listing/material-information';
import type { MaterialSource, PrefilledField } from '@domain/listing/material-sources';
import { keyFactsOf } from './key-facts';
import type { PropertyListing } from './property-types';

/** One stated part of the material information, with where it came from. */
export interface MaterialFact {
  field: string;
  label: string;
  text: string;
  source?: MaterialSource | undefined;
}

/**
 * The key facts and material information in words, worked out by the route's loader: the rules
 * behind them (each nation's letting law and deposit caps, units, the material fields) then stay
 * on the server rather than in the page's JavaScript.
 */
export function propertyFactsOf(listing: PropertyListing) {
  const material: MaterialFact[] = MATERIAL_FIELDS.filter(
    ([field]) => listing.materialInfo[field],
  ).map(([field, label]) => ({
    field,
    label,
    text: listing.materialInfo[field] ?? '',
    source: listing.materialSources[field as PrefilledField],
  }));
  return { keyFacts: keyFactsOf(listing), material };
}

export type PropertyFacts = ReturnType<typeof propertyFactsOf>;
