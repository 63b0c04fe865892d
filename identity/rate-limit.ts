import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimits } from './schema.ts';

/** The answer to one attempt: allowed, or refused until `retryAfterSeconds` have passed. */
export interface LimitVerdict {
  allowed: boolean;
  /** Seconds until the caller's window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Roost's one abuse limiter: a fixed-window counter per key ('sign-in:<address>',
 * 'upload:<user or address>', …) kept in a store every instance shares, so limits hold across
 * several instances and restarts. PostgreSQL (or PGlite) by default; Redis when `REDIS_URL` is
 * set. Identity uses it for sign-in, sign-up and code sends; the server hands it to the
 * marketplace for drafts, uploads, enquiries, reports and contact messages.
 */
export interface AbuseLimiter {
  take(key: string, limit: number, windowSeconds: number): Promise<LimitVerdict>;
  /** Drops these counters: an erased account's keys hold its id or address. */
  forget(keys: string[]): Promise<void>;
  close(): Promise<void>;
}

/** The database store: one upserted row per key (`identity.rate_limits`). */
export function createDatabaseLimiter(db: Database): AbuseLimiter {
  // Prepared once: every sign-in takes this limiter, and building the statement each time cost
  // about a third of its time on PGlite.
  const window = sql`make_interval(secs => ${sql.placeholder('windowSeconds')}::integer)`;
  const expired = sql`${rateLimits.windowStart} < now() - ${window}`;
  const upsert = db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      remaining:
        sql<number>`greatest(1, ceil(extract(epoch from (${rateLimits.windowStart} + ${window} - now()))))`.mapWith(
          Number,
        ),
    })
    .prepare('identity_rate_limit_take');
  return {
    async take(key, limit, windowSeconds) {
      const [row] = await upsert.execute({ key, windowSeconds });
      return { allowed: (row?.count ?? 0) <= limit, retryAfterSeconds: row?.remaining ?? 1 };
    },
    async forget(keys) {
      if (keys.length) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
    },
    close: async () => {},
  };
}

/** The minimum of ioredis this store needs (kept narrow so ioredis loads only when used). */
interface RedisLike {
  eval(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
  del(...keys: string[]): Promise<unknown>;
  quit(): Promise<unknown>;
}

const REDIS_TAKE = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

/** The Redis store: INCR with an expiry set on the first hit, atomically (one Lua call). */
export function createRedisLimiter(redis: RedisLike, prefix = 'roost:limit:'): AbuseLimiter {
  return {
    async take(key, limit, windowSeconds) {
      const [count, ttl] = (await redis.eval(REDIS_TAKE, 1, prefix + key, windowSeconds)) as [
        number,
        number,
      ];
      return { allowed: count <= limit, retryAfterSeconds: Math.max(1, ttl) };
    },
    async forget(keys) {
      if (keys.length) await redis.del(...keys.map((key) => prefix + key));
    },
    close: async () => {
      await redis.quit();
    },
  };
}

/** Redis when `redisUrl` is given (ioredis, loaded on demand), else the database. */
export async function createAbuseLimiter(options: {
  db: Database;
  redisUrl?: string | undefined;
}): Promise<AbuseLimiter> {
  if (!options.redisUrl) return createDatabaseLimiter(options.db);
  const { Redis } = await import('ioredis');
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return createRedisLimiter(redis);
}

/**
 * Whether the caller is still within `limit` for `key` (identity's own checks; see
 * `AbuseLimiter`). Returns false when the caller is over `limit` in the current window.
 */
export async function takeToken(
  limiter: AbuseLimiter,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<boolean> {
  return (await limiter.take(key, limit, windowSeconds)).allowed;
}
