import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import type { OwnListing } from '../../../../server/marketplace/listings/find-own-listings';

/** `GET /api/v1/me/listings`: the signed-in user's listings with their numbers. */
export const fetchMyListings = (signal?: AbortSignal) =>
  apiRequest<{ listings: OwnListing[] }>('GET', '/api/v1/me/listings', { signal }).then(
    (body) => body.listings,
  );

/** Keyed by user, so one account's listings are never shown to the next one signed in. */
export const myListingsOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['me', 'listings', userId ?? ''] as const,
    queryFn: ({ signal }) => fetchMyListings(signal),
  });

export const useMyListings = (userId: string | undefined, { enabled }: { enabled: boolean }) =>
  useQuery({ ...myListingsOptions(userId), enabled: enabled && userId !== undefined });
