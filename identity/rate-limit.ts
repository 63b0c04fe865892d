import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimits } from './schema.ts';

/**
 * A fixed-window counter kept in the database, so limits hold across several instances.
 * Returns false when the caller is over `limit` in the current window.
 */
export async function takeToken(
  db: Database,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<boolean> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: new Date(), count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds}) then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds}) then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return (row?.count ?? 0) <= limit;
}
