import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useBrowserValue } from '~/components/use-browser-value';
import { useAuth } from '~/features/auth/auth-context';
import { readItem, storageChanges } from '~/lib/browser-storage';
import {
  favouritesKey,
  readFavourites,
  writeFavourites,
  type FavouritesOwner,
} from './favourites-storage';
import { useMergeFavourites } from './api/merge-favourites';
import { useSetFavourite } from './api/set-favourite';

const CHANGE_EVENT = 'roost:favourites-changed';

/** Only listings (numeric ids) are kept on the server. */
export const isListingId = (id: string) => /^\d+$/.test(id);

const onStorageChange = storageChanges(CHANGE_EVENT);
// A change renders in a transition: the list is merged just after a page loads, while parts of
// it may not have hydrated yet (why that matters: `deferredComponent`).
const subscribe = (onChange: () => void) => onStorageChange(() => startTransition(onChange));

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

/**
 * The favourites in this browser for the current user (or the shared list when signed out):
 * kept once, by `FavouritesProvider` at the root, for every heart and the header's count. One
 * per heart cost two TanStack mutation observers per card in every render, and a merge with the
 * server per card on each signed-in page load.
 */
export function useFavouritesState() {
  const { user } = useAuth();
  // Who it is, not the object: the session check after a page loads hands over an equal user,
  // which must not merge with the server a second time.
  const userId = user?.userId;
  const username = user?.username;
  const email = user?.email;
  const owner = useMemo<FavouritesOwner | null>(
    () => (userId ? { userId, username, email } : null),
    [userId, username, email],
  );
  const key = favouritesKey(owner);
  const { mutateAsync: mergeWithServer } = useMergeFavourites();
  const { mutate: setOnServer } = useSetFavourite();
  // The account's list as the last merge with the server answered it: a page that shows the
  // server's favourites (rendered before a save sent from the previous page arrived) compares.
  const [accountIds, setAccountIds] = useState<readonly string[] | null>(null);
  const readRaw = useCallback(() => readItem(key) ?? '', [key]);
  const raw = useBrowserValue(subscribe, readRaw, '');

  useEffect(() => {
    if (!owner) return;
    // First read for this user migrates the legacy shared list into their own key.
    const before = readItem(key);
    const local = readFavourites(owner);
    if (readItem(key) !== before) window.dispatchEvent(new Event(CHANGE_EVENT));
    // Then the browser's list and the server's are merged both ways, so favourites follow the
    // user across devices. Offline, the browser's list simply stays as it is.
    let isCurrent = true;
    mergeWithServer(local.filter(isListingId)).then(
      (merged) => {
        if (!isCurrent) return;
        startTransition(() => setAccountIds(merged));
        // A heart tapped while the merge was on its way stays saved (it was sent on its own).
        writeFavourites(owner, [...new Set([...readFavourites(owner), ...merged])]);
        window.dispatchEvent(new Event(CHANGE_EVENT));
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [key, owner, mergeWithServer]);

  const ids = useMemo(() => parse(raw), [raw]);
  const toggle = useCallback(
    (id: string) => {
      const isSaved = !ids.includes(id);
      writeFavourites(owner, isSaved ? [...ids, id] : ids.filter((item) => item !== id));
      window.dispatchEvent(new Event(CHANGE_EVENT));
      // Fire and forget: a lost or refused call leaves the browser's list as the user set it.
      if (owner && isListingId(id)) setOnServer({ listingId: id, isSaved });
    },
    [ids, owner, setOnServer],
  );
  return useMemo(
    () => ({ ids, count: ids.length, has: (id: string) => ids.includes(id), toggle, accountIds }),
    [ids, toggle, accountIds],
  );
}

export type Favourites = ReturnType<typeof useFavouritesState>;

export const FavouritesContext = createContext<Favourites | null>(null);

/** The favourites kept by the root's `FavouritesProvider`. */
export function useFavourites(): Favourites {
  const favourites = use(FavouritesContext);
  if (!favourites) throw new Error('useFavourites needs a FavouritesProvider above it');
  return favourites;
}
