import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';

export interface FavouriteChange {
  listingId: string;
  isSaved: boolean;
}

/**
 * `PUT /api/v1/favourites/:id` saves a listing to the signed-in user's favourites and
 * `DELETE` takes it out: one call, since the heart only ever sets that yes or no.
 */
export function setFavourite({ listingId, isSaved }: FavouriteChange): Promise<void> {
  const url = `/api/v1/favourites/${encodeURIComponent(listingId)}`;
  return apiRequest<void>(isSaved ? 'PUT' : 'DELETE', url);
}

export function setFavouriteMutation() {
  return mutationOptions({ mutationKey: ['favourites', 'set'], mutationFn: setFavourite });
}

export function useSetFavourite() {
  return useMutation(setFavouriteMutation());
}
