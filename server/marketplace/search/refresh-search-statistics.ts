import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { defineJob } from '../../jobs/job-queue.ts';

/**
 * Fresh planner statistics for the search tables, and the search table's visibility map (so its
 * covering index serves counts and pages without visiting the table). PostgreSQL's autovacuum
 * does this by itself; PGlite has none, and without statistics the planner misjudges radius
 * searches badly.
 */
export async function refreshSearchStatistics(db: Database): Promise<void> {
  await db.execute(sql`vacuum (analyze) market.listing_search`);
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
