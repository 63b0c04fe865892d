import type { MarketplaceDeps, OfListing, SignedIn } from '../marketplace-deps.ts';
import {
  deleteSavedSearch,
  hideListing,
  listHiddenListingIds,
  listSavedSearches,
  saveSearch,
  unhideListing,
  unsubscribeSavedSearch,
} from './saved-searches.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';

type Hidden = SignedIn & OfListing;
type Token = { token: string };

/** Saved searches (e-mailed as alerts, unsubscribed by a signed link) and hidden listings. */
export function createAlertsService({ db, secret }: Pick<MarketplaceDeps, 'db' | 'secret'>) {
  const savedSearchOf = (token: string) =>
    secret ? readUnsubscribeToken(secret, token) : undefined;
  return {
    /** Alerts go to the account's e-mail address, as the verified token gives it. */
    save: ({ user, input }: SignedIn & { input: unknown }) =>
      saveSearch(db, { sub: user.userId, email: user.email }, input),
    list: ({ user }: SignedIn) => listSavedSearches(db, user.userId),
    delete: ({ user, savedSearchId }: SignedIn & { savedSearchId: number }) =>
      deleteSavedSearch(db, user.userId, savedSearchId),
    /** The saved search's name when the token is genuine, else undefined. */
    unsubscribe: async ({ token }: Token) => {
      const id = savedSearchOf(token);
      return id === undefined ? undefined : unsubscribeSavedSearch(db, id);
    },
    isUnsubscribeTokenValid: ({ token }: Token) => savedSearchOf(token) !== undefined,
    hide: ({ user, listingId }: Hidden) => hideListing(db, user.userId, listingId),
    unhide: ({ user, listingId }: Hidden) => unhideListing(db, user.userId, listingId),
    hidden: ({ user }: SignedIn) => listHiddenListingIds(db, user.userId),
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
