/**
 * Abuse limits, in one place for identity and the marketplace: the `AbuseLimiter` and its stores
 * (memory, database, Redis with the database as fallback), and the hourly count of rows a
 * sender stores.
 */
export type { AbuseLimiter, LimitVerdict, LimiterHealth } from './limiter.ts';
export { takeToken } from './limiter.ts';
export { createMemoryLimiter } from './memory-store.ts';
export {
  countingDatabaseOf,
  createDatabaseLimiter,
  takeUpsert,
  verdictOf,
} from './database-store.ts';
export { createRedisLimiter, type RedisLike, type LimiterLog } from './redis-store.ts';
export { createAbuseLimiter, type AbuseLimiterOptions } from './create-limiter.ts';
export { lockSender, senderHashOf, takeHourly, type HourlyLimit } from './hourly.ts';
