import { startTransition, useEffect, useState } from 'react';

/**
 * A value only the browser knows (local storage, a browser feature) as React state: `serverValue`
 * on the server and while the page hydrates, then the browser's. `useSyncExternalStore` with a
 * different server snapshot does the same, but re-renders synchronously just after hydration:
 * on the search page that was a 20–50 ms task (docs/performance.md). Here the first read
 * renders in a transition, in slices; a change reported by `subscribe` renders at once.
 * `subscribe` and `read` must keep their identity between renders.
 */
export function useBrowserValue<T>(
  subscribe: (onChange: () => void) => () => void,
  read: () => T,
  serverValue: T,
): T {
  const [value, setValue] = useState<T>(serverValue);
  useEffect(() => {
    startTransition(() => setValue(() => read()));
    return subscribe(() => setValue(() => read()));
  }, [subscribe, read]);
  return value;
}

/** For `useBrowserValue` where the value never changes once read. */
export const noSubscription = () => () => {};

const isBrowser = () => true;

/** False on the server and while hydrating, then true: for what only works with the page's script. */
export function useIsHydrated(): boolean {
  return useBrowserValue(noSubscription, isBrowser, false);
}
