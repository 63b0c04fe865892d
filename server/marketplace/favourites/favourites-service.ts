import type { MarketplaceDeps, SignedIn } from '../marketplace-deps.ts';
import {
  addFavourite,
  listFavourites,
  mergeFavourites,
  removeFavourite,
  setFavouriteNote,
} from './manage-favourites.ts';

type OfListing = SignedIn & { listingId: number };

/** A signed-in person's favourites, merged with the list their browser kept while signed out. */
export function createFavouritesService({ db }: Pick<MarketplaceDeps, 'db'>) {
  return {
    list: ({ user }: SignedIn) => listFavourites(db, user.userId),
    merge: ({ user, ids }: SignedIn & { ids: unknown[] }) => mergeFavourites(db, user.userId, ids),
    add: ({ user, listingId }: OfListing) => addFavourite(db, user.userId, listingId),
    remove: ({ user, listingId }: OfListing) => removeFavourite(db, user.userId, listingId),
    setNote: ({ user, listingId, note }: OfListing & { note: unknown }) =>
      setFavouriteNote(db, user.userId, listingId, note),
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
