import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { defineJob } from '../../jobs/job-queue.ts';

/**
 * Fresh planner statistics for the search tables. PostgreSQL's autovacuum does this by itself;
 * PGlite has no autovacuum, and without statistics the planner misjudges radius searches badly.
 */
export async function refreshSearchStatistics(db: Database): Promise<void> {
  await db.execute(sql`analyze market.listing_search`);
  await db.execute(sql`analyze market.listings`);
}

export function createSearchStatisticsJob(db: Database) {
  return defineJob({
    name: 'search-statistics',
    payload: z.object({}),
    everyMs: 60 * 60_000,
    run: () => refreshSearchStatistics(db),
  });
}
