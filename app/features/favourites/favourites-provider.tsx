import type { ReactNode } from 'react';
import { FavouritesContext, useFavouritesState } from './use-favourites';

/** Keeps the visitor's favourites once for the whole page (see `useFavouritesState`). */
export function FavouritesProvider({ children }: { children: ReactNode }) {
  const favourites = useFavouritesState();
  return <FavouritesContext value={favourites}>{children}</FavouritesContext>;
}
