import { QueryClient } from '@tanstack/react-query';

/** Query cache rules from the product spec (section 9). */
export const QUERY_STALE_TIME_MS = 60_000;
export const QUERY_GC_TIME_MS = 300_000;
export const QUERY_RETRIES = 1;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: QUERY_RETRIES,
      },
    },
  });
}
