import { FAVOURITE_ALERT_KIND_PHRASES } from '../../../domain/favourites/favourite-alerts.ts';
import type { MarketplaceDeps, OfListing, SignedIn } from '../marketplace-deps.ts';
import {
  getFavouriteAlertSettings,
  rememberFavouriteAlertEmail,
  setFavouriteAlertSettings,
  turnOffFavouriteAlert,
} from './favourite-alert-settings.ts';
import { readFavouriteAlertToken } from './favourite-alert-token.ts';
import {
  addFavourite,
  listFavourites,
  mergeFavourites,
  removeFavourite,
  setFavouriteNote,
} from './manage-favourites.ts';

type Favourite = SignedIn & OfListing;
type Token = { token: string };

/**
 * A signed-in person's favourites, merged with the list their browser kept while signed out,
 * and when they want e-mails about changes to them (sent by the `favourite-alerts` job).
 */
export function createFavouritesService({ db, secret }: Pick<MarketplaceDeps, 'db' | 'secret'>) {
  const unsubscribeOf = (token: string) =>
    secret ? readFavouriteAlertToken(secret, token) : undefined;
  return {
    list: ({ user }: SignedIn) => listFavourites(db, user.userId),
    merge: async ({ user, ids }: SignedIn & { ids: unknown[] }) => {
      await rememberFavouriteAlertEmail(db, user);
      return mergeFavourites(db, user.userId, ids);
    },
    add: async ({ user, listingId }: Favourite) => {
      await addFavourite(db, user.userId, listingId);
      await rememberFavouriteAlertEmail(db, user);
    },
    remove: ({ user, listingId }: Favourite) => removeFavourite(db, user.userId, listingId),
    setNote: ({ user, listingId, note }: Favourite & { note: unknown }) =>
      setFavouriteNote(db, user.userId, listingId, note),
    alertSettings: ({ user }: SignedIn) => getFavouriteAlertSettings(db, user.userId),
    setAlertSettings: ({ user, input }: SignedIn & { input: unknown }) =>
      setFavouriteAlertSettings(db, user, input),
    /** The kind's phrase ('is let agreed') when the token is genuine (that kind is then off), else undefined. */
    unsubscribeAlert: async ({ token }: Token) => {
      const target = unsubscribeOf(token);
      if (!target) return undefined;
      await turnOffFavouriteAlert(db, target.userSub, target.kind);
      return FAVOURITE_ALERT_KIND_PHRASES[target.kind];
    },
    /** The kind's phrase ('is let agreed') when the token is genuine, else undefined. */
    alertTokenKind: ({ token }: Token) => {
      const target = unsubscribeOf(token);
      return target ? FAVOURITE_ALERT_KIND_PHRASES[target.kind] : undefined;
    },
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
