import type { MarketplaceDeps, Visitor } from '../marketplace-deps.ts';
import { listAdminActions, type AuditFilter } from './list-admin-actions.ts';

/** The audit log, read by administrators; entries are written by each admin use case. */
export function createAuditService(deps: Pick<MarketplaceDeps, 'db'>) {
  return {
    list: ({ user, filter }: Visitor & { filter: AuditFilter }) =>
      listAdminActions(deps.db, user, filter),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
