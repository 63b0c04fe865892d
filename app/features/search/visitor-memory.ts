import { readItem, STORAGE_FLAGS, writeItem, type KeyValueStore } from '~/lib/browser-storage';

/**
 * What Roost remembers for a returning visitor, in this browser only: homes they looked at and
 * their last search. Only with their consent to optional storage (the cookie banner), as PECR asks.
 */
export const RECENTLY_VIEWED_KEY = 'roost:recently-viewed';
export const LAST_SEARCH_KEY = 'roost:last-search';
const MAX_RECENTLY_VIEWED = 8;

export interface LastSearch {
  /** Path and query of the results page. */
  href: string;
  /** e.g. 'Property for sale in Leeds'. */
  label: string;
  /** The same search for the JSON API (`/api/v1/search?…`). */
  api: string;
}

function hasConsent(storage?: KeyValueStore): boolean {
  return readItem(STORAGE_FLAGS.cookieAccepted, storage) === 'true';
}

export function rememberViewed(listingId: number, storage?: KeyValueStore): void {
  if (!hasConsent(storage)) return;
  const next = [listingId, ...recentlyViewed(storage).filter((id) => id !== listingId)];
  writeItem(RECENTLY_VIEWED_KEY, JSON.stringify(next.slice(0, MAX_RECENTLY_VIEWED)), storage);
}

export function recentlyViewed(storage?: KeyValueStore): number[] {
  try {
    const parsed: unknown = JSON.parse(readItem(RECENTLY_VIEWED_KEY, storage) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((id): id is number => Number.isSafeInteger(id))
      : [];
  } catch {
    return [];
  }
}

export function rememberSearch(search: LastSearch, storage?: KeyValueStore): void {
  if (!hasConsent(storage)) return;
  writeItem(LAST_SEARCH_KEY, JSON.stringify(search), storage);
}

export function lastSearch(storage?: KeyValueStore): LastSearch | undefined {
  try {
    const parsed = JSON.parse(readItem(LAST_SEARCH_KEY, storage) ?? 'null') as LastSearch | null;
    return parsed && typeof parsed.href === 'string' && parsed.href.startsWith('/search/')
      ? parsed
      : undefined;
  } catch {
    return undefined;
  }
}
