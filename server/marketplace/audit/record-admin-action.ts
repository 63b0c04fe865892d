import type { Database } from '../../../db/client.ts';
import type { AdminAuditAction, AdminAuditTarget } from '../../../domain/admin/audit-actions.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { adminAuditLog } from './schema.ts';

export interface AdminActionEntry {
  admin: SessionUser;
  action: AdminAuditAction;
  target: { type: AdminAuditTarget; id: string | number };
  reason?: string;
  details?: Record<string, unknown>;
  at?: Date;
}

/**
 * Records one administrator action. Call it inside the transaction that makes the change, so the
 * change and its record land together or not at all.
 */
/** The database or a transaction on it. */
type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export async function recordAdminAction(db: Db, entry: AdminActionEntry): Promise<number> {
  const [row] = await db
    .insert(adminAuditLog)
    .values({
      actorSub: entry.admin.userId,
      actorEmail: entry.admin.email ?? null,
      action: entry.action,
      targetType: entry.target.type,
      targetId: String(entry.target.id),
      reason: entry.reason ?? '',
      details: entry.details ?? {},
      ...(entry.at ? { at: entry.at } : {}),
    })
    .returning({ id: adminAuditLog.id });
  return row!.id;
}
