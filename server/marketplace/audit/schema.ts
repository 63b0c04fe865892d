import { bigint, index, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { market } from '../db/market-schema.ts';

/**
 * One row per administrator action: who, when, what, on which target and why. Append-only — the
 * migration adds a trigger that refuses UPDATE and DELETE, so not even a bug in the app can
 * rewrite history.
 */
export const adminAuditLog = market.table(
  'admin_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The administrator's `sub`, and their e-mail address at the time. */
    actorSub: text('actor_sub').notNull(),
    actorEmail: text('actor_email'),
    /** One of `ADMIN_AUDIT_ACTIONS`. Text, not an enum, so adding an action needs no migration. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull().default(''),
    /** What changed, e.g. the amount refunded or the old and new price. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('admin_audit_log_at_idx').on(table.at.desc()),
    index('admin_audit_log_target_idx').on(table.targetType, table.targetId, table.at.desc()),
    index('admin_audit_log_actor_idx').on(table.actorSub, table.at.desc()),
  ],
);

export type AdminAuditEntry = typeof adminAuditLog.$inferSelect;
