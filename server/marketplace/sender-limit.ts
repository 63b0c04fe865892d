import { createHash } from 'node:crypto';
import { and, count, gt, min, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { RetryLaterError } from '../http/retry-later-error.ts';

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
  /** Shown with the 429 when the sender has reached `perHour`. */
  message: string;
}

/**
 * The per-sender hourly rate limit shared by contact messages, enquiries and reports: inside the
 * caller's transaction, takes the sender's lock, then refuses with RATE_LIMITED once the sender
 * already has `perHour` rows from the last hour (429 with `Retry-After`). The caller inserts its
 * row in the same transaction. These count the rows they store (exact under races); attempts that
 * store nothing (sign-in, uploads, code sends) go through the shared `AbuseLimiter` instead.
 */
export async function enforceHourlyLimit(tx: Database, limit: HourlyLimit): Promise<void> {
  await lockSender(tx, limit.lockKey);
  const since = new Date(limit.now.getTime() - HOUR_MS);
  const [recent] = await tx
    .select({ total: count(), oldest: min(limit.createdAt) })
    .from(limit.table)
    .where(and(gt(limit.createdAt, since), limit.sender));
  if ((recent?.total ?? 0) >= limit.perHour) {
    // 429 with Retry-After: when the oldest of the counted rows leaves the hour.
    const oldest = recent?.oldest ? new Date(recent.oldest as Date | string).getTime() : 0;
    const retryAfterMs = oldest + HOUR_MS - limit.now.getTime();
    throw new RetryLaterError('RATE_LIMITED', limit.message, Math.max(1, retryAfterMs / 1000));
  }
}
