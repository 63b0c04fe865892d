/** The answer to one attempt: allowed, or refused until `retryAfterSeconds` have passed. */
export interface LimitVerdict {
  allowed: boolean;
  /** Seconds until the caller's window ends (at least 1). */
  retryAfterSeconds: number;
}

/** How the limiter's store is doing, for `/readyz`. */
export interface LimiterHealth {
  store: 'memory' | 'database' | 'redis';
  /** 'degraded': Redis is not answering and the database counts instead. */
  state: 'ok' | 'degraded';
  /** Attempts counted by the database because Redis did not answer, since start. */
  fallbacks: number;
}

/**
 * Roost's one abuse limiter: a fixed-window counter per key ('sign-in:<address>',
 * 'upload:<user or address>', …) kept in a store every instance shares, so limits hold across
 * several instances and restarts. PostgreSQL (or PGlite) by default; Redis when `REDIS_URL` is
 * set, falling back to the database while Redis does not answer. Identity uses it for sign-in,
 * sign-up and code sends; the marketplace for uploads and password checks. Rows a sender stores
 * (enquiries, reports, contact messages) are counted by `hourly.ts` beside it.
 */
export interface AbuseLimiter {
  take(key: string, limit: number, windowSeconds: number): Promise<LimitVerdict>;
  /** Drops these counters: an erased account's keys hold its id or address. */
  forget(keys: string[]): Promise<void>;
  /** Where counts go now; a Redis store asks Redis (briefly), so an idle process knows too. */
  health(): Promise<LimiterHealth>;
  close(): Promise<void>;
}

/**
 * Whether the caller is still within `limit` for `key`. Returns false when the caller is over
 * `limit` in the current window.
 */
export async function takeToken(
  limiter: AbuseLimiter,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<boolean> {
  return (await limiter.take(key, limit, windowSeconds)).allowed;
}
