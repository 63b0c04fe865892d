import { text, timestamp } from 'drizzle-orm/pg-core';
import { market } from '../db/market-schema.ts';

/**
 * A signed-in user's request to erase their account (UK GDPR art. 17), carried out by the job
 * queue once `dueAt` passes unless they cancel first. One row per account; a cancelled or
 * completed request stays as the record of what happened.
 */
export const accountErasureRequests = market.table('account_erasure_requests', {
  userSub: text('user_sub').primaryKey(),
  email: text('email'),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

export type AccountErasureRequest = typeof accountErasureRequests.$inferSelect;
