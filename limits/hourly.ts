import { createHash } from 'node:crypto';
import { and, count, gt, min, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import type { LimitVerdict } from './limiter.ts';

const HOUR_MS = 3_600_000;

/** A sender's address, hashed with what it was used for, so stored rows never hold the IP. */
export function senderHashOf(ip: string, purpose: string): string {
  return createHash('sha256').update(`${purpose}:${ip}`).digest('hex');
}

/**
 * Queues the transaction behind any other holding the same key until it ends: a Postgres
 * advisory lock, so a count-then-insert holds across several app instances. Re-entrant.
 */
export async function lockSender(tx: Database, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

export interface HourlyLimit {
  /** Names the sender for the lock, e.g. `enquiry:<hash>`. */
  lockKey: string;
  /** The rows the sender creates, counted in the database over the last hour. */
  table: PgTable;
  createdAt: PgColumn;
  /** Which of those rows are this sender's. */
  sender: SQL | undefined;
  perHour: number;
  now: Date;
}

/**
 * The per-sender hourly limit of contact messages, enquiries, messages and reports: inside the
 * caller's transaction, takes the sender's lock, then refuses once the sender already has
 * `perHour` rows from the last hour, until the oldest of them leaves the hour. The caller inserts
 * its row in the same transaction. These count the rows they store (exact under races); attempts
 * that store nothing (sign-in, uploads, code sends) go through the `AbuseLimiter` instead.
 */
export async function takeHourly(tx: Database, limit: HourlyLimit): Promise<LimitVerdict> {
  await lockSender(tx, limit.lockKey);
  const since = new Date(limit.now.getTime() - HOUR_MS);
  const [recent] = await tx
    .select({ total: count(), oldest: min(limit.createdAt) })
    .from(limit.table)
    .where(and(gt(limit.createdAt, since), limit.sender));
  if ((recent?.total ?? 0) < limit.perHour) return { allowed: true, retryAfterSeconds: 1 };
  const oldest = recent?.oldest ? new Date(recent.oldest as Date | string).getTime() : 0;
  const retryAfterMs = oldest + HOUR_MS - limit.now.getTime();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}
