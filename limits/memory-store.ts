import type { AbuseLimiter } from './limiter.ts';

/**
 * One process's counters in memory: for tests and tools that run without a database. Limits
 * kept here hold only within the process, so servers use the database or Redis.
 */
export function createMemoryLimiter(now: () => number = Date.now): AbuseLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async take(key, limit, windowSeconds) {
      const at = now();
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        window = { count: 0, endsAt: at + windowSeconds * 1000 };
        windows.set(key, window);
      }
      window.count += 1;
      return {
        allowed: window.count <= limit,
        retryAfterSeconds: Math.max(1, Math.ceil((window.endsAt - at) / 1000)),
      };
    },
    async forget(keys) {
      for (const key of keys) windows.delete(key);
    },
    health: async () => ({ store: 'memory', state: 'ok', fallbacks: 0 }),
    close: async () => {},
  };
}
