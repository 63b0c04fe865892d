import { integer, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The database store's counters. The table sits in the `identity` schema for history (identity
 * created it first); `identity/schema.ts` re-exports it so its migrations keep owning it.
 */
export const rateLimits = pgSchema('identity').table('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull().default(0),
});
