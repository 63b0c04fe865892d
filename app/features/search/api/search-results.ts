import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '../../../../server/marketplace/search/search-listings';
import { apiRequest } from '~/lib/api-client';

/** `GET /api/v1/search?channel=&place=&…filters&limit=`: one page of matches. */
export function fetchSearchResults(query: string, signal?: AbortSignal): Promise<SearchResult> {
  return apiRequest<SearchResult>('GET', `/api/v1/search?${query}`, { signal });
}

/** Nothing is asked for without a query. */
export function searchResultsQuery(query: string | undefined) {
  return queryOptions({
    queryKey: ['search', query],
    queryFn: query === undefined ? skipToken : ({ signal }) => fetchSearchResults(query, signal),
  });
}

export function useSearchResults(query: string | undefined) {
  return useQuery(searchResultsQuery(query));
}
