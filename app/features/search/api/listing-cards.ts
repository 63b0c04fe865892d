import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { ListingSummary } from '../../../../server/marketplace/listings/listing-summary';
import { apiRequest } from '~/lib/api-client';

/** `GET /api/v1/listing-cards?ids=3,1,2`: cards for those still on the site, in that order. */
export async function fetchListingCards(
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<ListingSummary[]> {
  const url = `/api/v1/listing-cards?ids=${ids.join(',')}`;
  return (await apiRequest<{ listings: ListingSummary[] }>('GET', url, { signal })).listings;
}

/** Nothing is asked for without ids. */
export function listingCardsQuery(ids: readonly number[]) {
  return queryOptions({
    queryKey: ['listing-cards', ids.join(',')],
    queryFn: ids.length === 0 ? skipToken : ({ signal }) => fetchListingCards(ids, signal),
  });
}

export function useListingCards(ids: readonly number[]) {
  return useQuery(listingCardsQuery(ids));
}
