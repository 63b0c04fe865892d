import { useCallback } from 'react';
import { readItem, storageChanges, writeItem } from '~/lib/browser-storage';
import { useBrowserValue } from './use-browser-value';

const CHANGE_EVENT = 'roost:flag-changed';

const subscribe = storageChanges(CHANGE_EVENT);

/**
 * A browser-storage flag as React state. `undefined` while rendering on the server (and during
 * hydration), so banners never flash for people who already chose.
 */
export function useStoredFlag(
  key: string,
): [string | null | undefined, (value: string | null) => void] {
  const read = useCallback(() => readItem(key), [key]);
  const value = useBrowserValue<string | null | undefined>(subscribe, read, undefined);
  const set = useCallback(
    (next: string | null) => {
      writeItem(key, next);
      window.dispatchEvent(new Event(CHANGE_EVENT));
    },
    [key],
  );
  return [value, set];
}
