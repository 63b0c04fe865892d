import { lazy, Suspense } from 'react';
import { useIsHydrated } from '~/components/use-browser-value';
import { lastSearch, recentlyViewed } from './visitor-memory';

const ReturningVisitor = lazy(() =>
  import('./returning-visitor').then((module) => ({ default: module.ReturningVisitor })),
);

/**
 * Where `ReturningVisitor` goes on the home page. It renders nothing on the server or for a first
 * visit, so its code (and TanStack Query's `useQuery`) loads only after hydration, and only for
 * a visitor with a last search or recently viewed homes remembered.
 */
export function ReturningVisitorSlot() {
  const isHydrated = useIsHydrated();
  if (!isHydrated || (!lastSearch() && recentlyViewed().length === 0)) return null;
  return (
    <Suspense fallback={null}>
      <ReturningVisitor />
    </Suspense>
  );
}
