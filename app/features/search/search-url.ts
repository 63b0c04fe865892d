import { searchPath } from '@domain/listing/listing-url';
import { toSearchParams, type SearchQuery } from '@domain/search/search-params';
import type { SearchPage } from '../../../server/marketplace/search/run-search';

export type Channel = 'sale' | 'rent';

/** What a link to another version of the current search starts from. */
export type SearchPlace = Pick<SearchPage, 'channel' | 'query' | 'placeSlug'>;

export function channelOf(pathname: string): Channel {
  return pathname.startsWith('/search/for-rent') ? 'rent' : 'sale';
}

/** `/search/for-sale/leeds?minBeds=2`: the town in the path, everything else in the query. */
export function pathFor(channel: Channel, query: Partial<SearchQuery>, placeSlug: string | null) {
  const params = toSearchParams(placeSlug ? { ...query, location: undefined } : query);
  const base = placeSlug ? `${searchPath(channel)}${placeSlug}` : searchPath(channel);
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

/** The current search with some of its parameters changed. */
export function searchWith(
  { channel, query, placeSlug }: SearchPlace,
  changes: Partial<SearchQuery>,
): string {
  return pathFor(channel, { ...query, ...changes }, placeSlug);
}
