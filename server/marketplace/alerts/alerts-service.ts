import type { MarketplaceDeps, OfListing, SignedIn } from '../marketplace-deps.ts';
import {
  deleteSavedSearch,
  findSavedSearch,
  hideListing,
  listHiddenListingIds,
  listSavedSearches,
  saveSearch,
  unhideListing,
  unsubscribeSavedSearch,
  updateSavedSearch,
} from './saved-searches.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';

type Hidden = SignedIn & OfListing;
type Token = { token: string };
type OfSavedSearch = SignedIn & { savedSearchId: number };

/** Saved searches (e-mailed as alerts, unsubscribed by a signed link) and hidden listings. */
export function createAlertsService({ db, secret }: Pick<MarketplaceDeps, 'db' | 'secret'>) {
  const savedSearchOf = (token: string) =>
    secret ? readUnsubscribeToken(secret, token) : undefined;
  return {
    /** Alerts go to the account's e-mail address, as the verified token gives it. */
    save: ({ user, input }: SignedIn & { input: unknown }) =>
      saveSearch(db, { sub: user.userId, email: user.email }, input),
    list: ({ user }: SignedIn) => listSavedSearches(db, user.userId),
    /** One of the user's own saved searches (404 for anyone else's). */
    get: ({ user, savedSearchId }: OfSavedSearch) =>
      findSavedSearch(db, user.userId, savedSearchId),
    /** Rename, change the alert frequency or the criteria; the owner only. */
    update: ({ user, savedSearchId, input }: OfSavedSearch & { input: unknown }) =>
      updateSavedSearch(db, user.userId, savedSearchId, input),
    delete: ({ user, savedSearchId }: OfSavedSearch) =>
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
