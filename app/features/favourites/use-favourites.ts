import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useAuth } from '~/features/auth/auth-context';
import { readItem } from '~/lib/browser-storage';
import { favouritesKey, readFavourites, writeFavourites, type FavouritesOwner } from './favourites-storage';

const CHANGE_EVENT = 'roost:favourites-changed';

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

function parse(raw: string): string[] {
  try {
    const value: unknown = JSON.parse(raw || '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** The favourites in this browser for the current user (or the shared list when signed out). */
export function useFavourites() {
  const { user } = useAuth();
  const owner = useMemo<FavouritesOwner | null>(
    () => (user ? { userId: user.userId, username: user.username, email: user.email } : null),
    [user],
  );
  const key = favouritesKey(owner);
  const raw = useSyncExternalStore(
    subscribe,
    () => readItem(key) ?? '',
    () => '',
  );

  useEffect(() => {
    if (!owner) return;
    // First read for this user migrates the legacy shared list into their own key.
    const before = readItem(key);
    readFavourites(owner);
    if (readItem(key) !== before) window.dispatchEvent(new Event(CHANGE_EVENT));
  }, [key, owner]);

  const ids = useMemo(() => parse(raw), [raw]);
  const toggle = useCallback(
    (id: string) => {
      const next = ids.includes(id) ? ids.filter((item) => item !== id) : [...ids, id];
      writeFavourites(owner, next);
      window.dispatchEvent(new Event(CHANGE_EVENT));
    },
    [ids, owner],
  );
  return { ids, count: ids.length, has: (id: string) => ids.includes(id), toggle };
}
