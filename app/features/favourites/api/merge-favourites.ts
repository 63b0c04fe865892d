import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';

/**
 * `POST /api/v1/favourites/merge`: stores this browser's listing ids on the signed-in user's
 * account and answers with the account's whole list (both sides merged).
 */
export async function mergeFavourites(listingIds: readonly string[]): Promise<string[]> {
  const body = { ids: listingIds };
  return (await apiRequest<{ ids: string[] }>('POST', '/api/v1/favourites/merge', { body })).ids;
}

export function mergeFavouritesMutation() {
  return mutationOptions({ mutationKey: ['favourites', 'merge'], mutationFn: mergeFavourites });
}

export function useMergeFavourites() {
  return useMutation(mergeFavouritesMutation());
}
