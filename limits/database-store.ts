import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { AbuseLimiter, LimitVerdict } from './limiter.ts';
import { rateLimits } from './schema.ts';

/** The database each database store counts in, for statements that count alongside other work. */
const storeDatabases = new WeakMap<AbuseLimiter, Database>();

/** The database `limiter` counts in, when it is a database store; undefined otherwise. */
export function countingDatabaseOf(limiter: AbuseLimiter): Database | undefined {
  return storeDatabases.get(limiter);
}

/**
 * One count of `key` (placeholders `key` and `windowSeconds`), returning the window's count and
 * the seconds left in it (`remaining`): alone below, or as a CTE of another statement, whose
 * caller then judges `count` against its limit exactly as `take` does.
 */
export function takeUpsert(db: Database) {
  const window = sql`make_interval(secs => ${sql.placeholder('windowSeconds')}::integer)`;
  const expired = sql`${rateLimits.windowStart} < now() - ${window}`;
  return db
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
        sql<number>`greatest(1, ceil(extract(epoch from (${rateLimits.windowStart} + ${window} - now()))))`
          .mapWith(Number)
          .as('remaining'),
    });
}

/** A counted window (`takeUpsert`'s row) judged against `limit`, as every database count is. */
export function verdictOf(
  row: { count: number; remaining: number | null } | undefined,
  limit: number,
): LimitVerdict {
  return { allowed: (row?.count ?? 0) <= limit, retryAfterSeconds: Number(row?.remaining ?? 1) };
}

/** The database store: one upserted row per key (`identity.rate_limits`). */
export function createDatabaseLimiter(db: Database): AbuseLimiter {
  // Prepared once: every sign-in takes this limiter, and building the statement each time cost
  // about a third of its time on PGlite.
  const upsert = takeUpsert(db).prepare('identity_rate_limit_take');
  const limiter: AbuseLimiter = {
    async take(key, limit, windowSeconds) {
      const [row] = await upsert.execute({ key, windowSeconds });
      return verdictOf(row, limit);
    },
    async forget(keys) {
      if (keys.length) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
    },
    health: async () => ({ store: 'database', state: 'ok', fallbacks: 0 }),
    close: async () => {},
  };
  storeDatabases.set(limiter, db);
  return limiter;
}
