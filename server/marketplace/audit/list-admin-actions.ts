import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { addDays, isCalendarDay } from '../../../domain/dates.ts';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { ADMIN_AUDIT_ACTIONS, ADMIN_AUDIT_TARGETS } from '../../../domain/admin/audit-actions.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { assertAdmin } from '../moderation/require-admin.ts';
import { adminAuditLog, type AdminAuditEntry } from './schema.ts';

const isoDay = z.string().refine(isCalendarDay, 'Enter a real date as YYYY-MM-DD.').optional();

export const auditFilterSchema = z.object({
  action: z.enum(ADMIN_AUDIT_ACTIONS).optional(),
  targetType: z.enum(ADMIN_AUDIT_TARGETS).optional(),
  targetId: z.string().trim().max(200).optional(),
  actor: z.string().trim().max(200).optional(),
  from: isoDay,
  to: isoDay,
  /** Entries older than this id (the page's last), for the next page. */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export type AuditFilter = z.input<typeof auditFilterSchema>;

export interface AuditPage {
  entries: AdminAuditEntry[];
  /** Pass as `before` for the next page; absent on the last one. */
  nextBefore: number | undefined;
}

/** The audit log, newest first, filtered; administrators only. */
export async function listAdminActions(
  db: Database,
  admin: SessionUser | null,
  filter: AuditFilter,
): Promise<AuditPage> {
  assertAdmin(admin);
  const parsed = auditFilterSchema.safeParse(filter);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 'Check the filters.', fieldErrorsOf(parsed.error));
  }
  const f = parsed.data;
  const where: SQL[] = [];
  if (f.action) where.push(eq(adminAuditLog.action, f.action));
  if (f.targetType) where.push(eq(adminAuditLog.targetType, f.targetType));
  if (f.targetId) where.push(eq(adminAuditLog.targetId, f.targetId));
  if (f.actor) {
    where.push(
      f.actor.includes('@')
        ? eq(adminAuditLog.actorEmail, f.actor)
        : eq(adminAuditLog.actorSub, f.actor),
    );
  }
  // Days are London days: the database turns the local midnight (GMT or BST) into an instant,
  // which keeps the comparison on the indexed column.
  if (f.from) where.push(gte(adminAuditLog.at, londonMidnight(f.from)));
  if (f.to) where.push(lt(adminAuditLog.at, londonMidnight(addDays(f.to, 1))));
  if (f.before) where.push(lt(adminAuditLog.id, f.before));
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(adminAuditLog.id))
    .limit(f.limit + 1);
  const entries = rows.slice(0, f.limit);
  return {
    entries,
    nextBefore: rows.length > f.limit ? entries[entries.length - 1]!.id : undefined,
  };
}

function londonMidnight(day: string): SQL {
  return sql`(${day}::timestamp at time zone 'Europe/London')`;
}
