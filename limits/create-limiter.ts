import type { Database } from '../db/client.ts';
import { createDatabaseLimiter } from './database-store.ts';
import type { AbuseLimiter } from './limiter.ts';
import { createRedisLimiter, type LimiterLog } from './redis-store.ts';

export interface AbuseLimiterOptions {
  db: Database;
  redisUrl?: string | undefined;
  log?: LimiterLog;
  /** How long one Redis call may take before the database counts instead (default 250 ms). */
  redisTimeoutMs?: number;
}

/**
 * Redis when `redisUrl` is given (ioredis, loaded on demand), with the database as its fallback;
 * otherwise the database alone.
 */
export async function createAbuseLimiter(options: AbuseLimiterOptions): Promise<AbuseLimiter> {
  const fallback = createDatabaseLimiter(options.db);
  if (!options.redisUrl) return fallback;
  const timeoutMs = options.redisTimeoutMs ?? 250;
  const { Redis } = await import('ioredis');
  // No offline queue and no retries per call: a call made while Redis is away fails at once and
  // the database answers it, instead of waiting for a reconnection.
  const redis = new Redis(options.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: timeoutMs,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  // Connection errors are reported by the store when a call falls back (once per outage).
  redis.on('error', () => undefined);
  // Give a reachable Redis a moment to connect, so the first calls count there; a refused
  // connection ends the wait at once.
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, 2_000);
    redis.once('ready', done);
    redis.once('error', done);
  });
  return createRedisLimiter(redis, {
    fallback,
    timeoutMs,
    ...(options.log ? { log: options.log } : {}),
  });
}
