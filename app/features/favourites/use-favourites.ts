import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useAuth } from '~/features/auth/auth-context';
import { readItem } from '~/lib/browser-storage';
import {
  favouritesKey,
  readFavourites,
  writeFavourites,
  type FavouritesOwner,
} from './favourites-storage';

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
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : [];
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
    const local = readFavourites(owner);
    if (readItem(key) !== before) window.dispatchEvent(new Event(CHANGE_EVENT));
    // Then the browser's list and the server's are merged both ways, so favourites follow the
    // user across devices. Offline, the browser's list simply stays as it is.
    let isCurrent = true;
    void mergeWithServer(local).then((merged) => {
      if (!isCurrent || !merged) return;
      // A heart tapped while the merge was on its way stays saved (it was sent on its own).
      writeFavourites(owner, [...new Set([...readFavourites(owner), ...merged])]);
      window.dispatchEvent(new Event(CHANGE_EVENT));
    });
    return () => {
      isCurrent = false;
    };
  }, [key, owner]);

  const ids = useMemo(() => parse(raw), [raw]);
  const toggle = useCallback(
    (id: string) => {
      const next = ids.includes(id) ? ids.filter((item) => item !== id) : [...ids, id];
      writeFavourites(owner, next);
      window.dispatchEvent(new Event(CHANGE_EVENT));
      if (owner && /^\d+$/.test(id)) {
        void fetch(`/api/v1/favourites/${id}`, {
          method: ids.includes(id) ? 'DELETE' : 'PUT',
          credentials: 'same-origin',
        }).catch(() => undefined);
      }
    },
    [ids, owner],
  );
  return { ids, count: ids.length, has: (id: string) => ids.includes(id), toggle };
}

async function mergeWithServer(local: string[]): Promise<string[] | undefined> {
  try {
    const response = await fetch('/api/v1/favourites/merge', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ ids: local.filter((id) => /^\d+$/.test(id)) }),
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { ids?: unknown };
    return Array.isArray(body.ids)
      ? body.ids.filter((id): id is string => typeof id === 'string')
      : undefined;
  } catch {
    return undefined;
  }
}
