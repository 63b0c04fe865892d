import { QueryClient } from '@tanstack/react-query';

/** Query cache rules from the product spec (section 9). */
export const QUERY_STALE_TIME_MS = 60_000;
export const QUERY_GC_TIME_MS = 300_000;
export const QUERY_RETRIES = 1;

/**
 * `onServer`: the client is for one server render (root.tsx makes one per page). There an unused
 * query is never timed out (`gcTime: Infinity`, TanStack Query's own server default): a
 * five-minute timer per query kept the render's client, its data and its request alive for five
 * minutes after the page had gone, hundreds of MiB at 100 req/s (docs/decisions/015-query-client-per-render.md).
 * Without timers the client is collected with the render. The browser keeps the spec's 5 minutes.
 */
export function createQueryClient({
  onServer = typeof window === 'undefined',
}: { onServer?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: onServer ? Infinity : QUERY_GC_TIME_MS,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: QUERY_RETRIES,
      },
    },
  });
}
