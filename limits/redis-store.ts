import type { AbuseLimiter, LimitVerdict } from './limiter.ts';

/** The minimum of ioredis this store needs (kept narrow so ioredis loads only when used). */
export interface RedisLike {
  /** ioredis's connection state: 'ready' once commands can be sent. */
  readonly status: string;
  eval(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
  del(...keys: string[]): Promise<unknown>;
  ping(): Promise<unknown>;
  quit(): Promise<unknown>;
  disconnect(): void;
}

/** What the store tells the operator: once when Redis stops answering, once when it is back. */
export interface LimiterLog {
  warn(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
}

export interface RedisLimiterOptions {
  /** Counts while Redis does not answer: the database store, which every instance shares. */
  fallback: AbuseLimiter;
  /** How long one Redis call may take before the fallback answers instead. */
  timeoutMs?: number;
  /** While degraded, how often one call tries Redis again (the rest go straight to the fallback). */
  retryEveryMs?: number;
  log?: LimiterLog;
  prefix?: string;
  now?: () => number;
}

const REDIS_TAKE = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

class RedisTimeout extends Error {
  override name = 'RedisTimeout';
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new RedisTimeout(`Redis did not answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The Redis store: INCR with an expiry set on the first hit, atomically (one Lua call). A call
 * Redis does not answer within `timeoutMs` (down, unreachable, stalled) is counted by the
 * fallback instead, so sign-in never waits on Redis nor fails because of it; limits then hold in
 * the database until Redis answers again, and counts restart there.
 */
export function createRedisLimiter(redis: RedisLike, options: RedisLimiterOptions): AbuseLimiter {
  const { fallback, log, prefix = 'roost:limit:', now = Date.now } = options;
  const timeoutMs = options.timeoutMs ?? 250;
  const retryEveryMs = options.retryEveryMs ?? 5_000;
  let degradedSince: number | undefined;
  let retryAt = 0;
  let fallbacks = 0;

  const degrade = (error: unknown) => {
    if (degradedSince === undefined) {
      degradedSince = now();
      log?.warn(
        { err: error, fallback: 'database' },
        'rate-limit store: Redis is not answering; counting in the database until it does',
      );
    }
    retryAt = now() + retryEveryMs;
  };

  return {
    async take(key, limit, windowSeconds): Promise<LimitVerdict> {
      if (degradedSince === undefined || now() >= retryAt) {
        try {
          const [count, ttl] = (await within(
            redis.eval(REDIS_TAKE, 1, prefix + key, windowSeconds),
            timeoutMs,
          )) as [number, number];
          if (degradedSince !== undefined) {
            log?.info(
              { degradedMs: now() - degradedSince, fallbacks },
              'rate-limit store: Redis answers again',
            );
            degradedSince = undefined;
          }
          return { allowed: count <= limit, retryAfterSeconds: Math.max(1, ttl) };
        } catch (error) {
          degrade(error);
        }
      }
      fallbacks += 1;
      return fallback.take(key, limit, windowSeconds);
    },
    async forget(keys) {
      if (!keys.length) return;
      // Both stores: counts may sit in either after an outage.
      await fallback.forget(keys);
      try {
        await within(redis.del(...keys.map((key) => prefix + key)), timeoutMs);
      } catch (error) {
        degrade(error);
      }
    },
    async health() {
      // A stalled Redis keeps its connection open: only a command shows it is gone.
      if (degradedSince === undefined) {
        await within(redis.ping(), timeoutMs).catch(degrade);
      }
      return {
        store: 'redis',
        state: degradedSince !== undefined || redis.status !== 'ready' ? 'degraded' : 'ok',
        fallbacks,
      };
    },
    close: async () => {
      // A stalled Redis never answers QUIT: drop the connection instead.
      await within(redis.quit(), timeoutMs).catch(() => redis.disconnect());
      await fallback.close();
    },
  };
}
