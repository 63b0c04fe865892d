import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, QUERY_GC_TIME_MS } from './query-client';

afterEach(() => {
  vi.useRealTimers();
});

/** Fetches one query as a render would, then lets TanStack's own batching ticks run. */
async function timersLeftAfterAQuery(options?: { onServer?: boolean }) {
  vi.useFakeTimers();
  const client = createQueryClient(options);
  await client.fetchQuery({ queryKey: ['listing', 1], queryFn: async () => ({ id: 1 }) });
  await vi.advanceTimersByTimeAsync(0);
  return { client, timers: vi.getTimerCount() };
}

describe('createQueryClient', () => {
  // root.tsx makes a client per server render; a garbage-collection timer per query would have
  // kept every render's client, data and request in memory for five minutes.
  it('leaves no timer behind on the server, so a render’s queries go with the render', async () => {
    const { timers } = await timersLeftAfterAQuery();
    expect(timers).toBe(0);
  });

  it('keeps unused queries for five minutes in the browser', async () => {
    const { client, timers } = await timersLeftAfterAQuery({ onServer: false });
    expect(timers).toBe(1);
    await vi.advanceTimersByTimeAsync(QUERY_GC_TIME_MS - 1);
    expect(client.getQueryData(['listing', 1])).toEqual({ id: 1 });
    await vi.advanceTimersByTimeAsync(1);
    expect(client.getQueryData(['listing', 1])).toBeUndefined();
  });
});
