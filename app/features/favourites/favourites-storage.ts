import { readItem, writeItem, type KeyValueStore } from '~/lib/browser-storage';

export const FAVOURITES_KEY_PREFIX = 'na:favs';

/** Who the favourites belong to; the first known of these names the storage key. */
export interface FavouritesOwner {
  userId?: string | undefined;
  username?: string | undefined;
  sub?: string | undefined;
  email?: string | undefined;
}

export function favouritesKey(owner: FavouritesOwner | null | undefined): string {
  const id = owner?.userId || owner?.username || owner?.sub || owner?.email;
  return id ? `${FAVOURITES_KEY_PREFIX}:${id}` : FAVOURITES_KEY_PREFIX;
}

function parseList(raw: string | null): string[] | undefined {
  if (raw === null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return [...new Set(value.filter((item): item is string => typeof item === 'string'))];
  } catch (error) {
    console.warn('Ignoring unreadable favourites in browser storage', error);
    return [];
  }
}

/**
 * Reads the owner's favourites. The first time a signed-in owner reads, a legacy shared list
 * (`na:favs`) is merged into their own key and then removed.
 */
export function readFavourites(
  owner: FavouritesOwner | null | undefined,
  storage?: KeyValueStore,
): string[] {
  const key = favouritesKey(owner);
  const own = parseList(readItem(key, storage));
  if (key === FAVOURITES_KEY_PREFIX) return own ?? [];
  const legacy = parseList(readItem(FAVOURITES_KEY_PREFIX, storage));
  if (legacy === undefined) return own ?? [];
  const merged = [...new Set([...(own ?? []), ...legacy])];
  writeItem(key, JSON.stringify(merged), storage);
  writeItem(FAVOURITES_KEY_PREFIX, null, storage);
  return merged;
}

export function writeFavourites(
  owner: FavouritesOwner | null | undefined,
  ids: string[],
  storage?: KeyValueStore,
): void {
  writeItem(favouritesKey(owner), JSON.stringify([...new Set(ids)]), storage);
}
