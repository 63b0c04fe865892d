import { useEffect } from 'react';
import { toSearchParams } from '@domain/search/search-params';
import type { SearchPage } from '../../../server/marketplace/search/run-search';
import { searchWith } from './search-url';
import { rememberSearch } from './visitor-memory';

type HeadingInput = Pick<
  SearchPage,
  'channel' | 'query' | 'placeSlug' | 'location' | 'locationProblem'
>;

/** 'Property for sale in Leeds', 'near your location', 'in the area you drew' or nowhere. */
function headingOf({ channel, query, location }: HeadingInput): string {
  const noun = channel === 'sale' ? 'for sale' : 'to rent';
  if (query.polygon) return `Property ${noun} in the area you drew`;
  if (!location) return `Property ${noun}`;
  if (location.kind === 'point') return `Property ${noun} near your location`;
  return `Property ${noun} in ${location.label}`;
}

/** The first page of this search, for the home page's 'your last search' (and its count). */
function memoryOf(search: HeadingInput) {
  const { channel, query, placeSlug } = search;
  const params = toSearchParams({ ...query, page: 1, view: undefined, sort: 'newest' });
  params.set('channel', channel);
  if (placeSlug) params.set('place', placeSlug);
  return { href: searchWith(search, { page: 1, view: undefined }), api: params.toString() };
}

/**
 * The page's heading; the search is remembered for a returning visitor (when they allowed
 * optional storage: `rememberSearch` checks) unless its place could not be found.
 */
export function useSearchHeading(search: HeadingInput): string {
  const heading = headingOf(search);
  const memory = search.locationProblem ? undefined : memoryOf(search);
  const memoryKey = memory ? `${memory.href}|${memory.api}` : '';
  useEffect(() => {
    if (memory) rememberSearch({ ...memory, label: heading });
    // memoryKey captures everything memory depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [memoryKey, heading]);
  return heading;
}
