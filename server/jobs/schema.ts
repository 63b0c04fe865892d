import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { market } from '../marketplace/db/market-schema.ts';

export const jobStatus = market.enum('job_status', ['pending', 'running', 'done', 'failed']);

/**
 * Durable background work. A job is claimed with `FOR UPDATE SKIP LOCKED` and a lease, so several
 * instances share the queue, and a job whose worker died is picked up again when its lease ends.
 */
export const jobs = market.table(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    status: jobStatus('status').notNull().default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Deterministic id: a second enqueue with the same key is a no-op (scheduled runs). */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_due_idx').on(table.status, table.runAt),
    uniqueIndex('jobs_dedupe_idx').on(table.dedupeKey),
  ],
);

export type Job = typeof jobs.$inferSelect;
