import type { MarketplaceDeps, OfListing, SignedIn } from '../marketplace-deps.ts';
import {
  addFavourite,
  listFavourites,
  mergeFavourites,
  removeFavourite,
  setFavouriteNote,
} from './manage-favourites.ts';

type Favourite = SignedIn & OfListing;

/** A signed-in person's favourites, merged with the list their browser kept while signed out. */
export function createFavouritesService({ db }: Pick<MarketplaceDeps, 'db'>) {
  return {
    list: ({ user }: SignedIn) => listFavourites(db, user.userId),
    merge: ({ user, ids }: SignedIn & { ids: unknown[] }) => mergeFavourites(db, user.userId, ids),
    add: ({ user, listingId }: Favourite) => addFavourite(db, user.userId, listingId),
    remove: ({ user, listingId }: Favourite) => removeFavourite(db, user.userId, listingId),
    setNote: ({ user, listingId, note }: Favourite & { note: unknown }) =>
      setFavouriteNote(db, user.userId, listingId, note),
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
