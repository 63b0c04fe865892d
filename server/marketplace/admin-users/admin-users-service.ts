import type { SessionUser } from '../../../domain/session-user.ts';
import { adminOverview } from './overview.ts';
import {
  cancelErasure,
  erasureStatus,
  exportOwn,
  requestErasure,
  runDueErasures,
} from './own-account.ts';
import { act, erase, exportFor, get, search, type AdminUsersDeps } from './user-admin.ts';

export { ERASURE_GRACE_DAYS } from './own-account.ts';
export {
  USER_ACTIONS,
  userSearchSchema,
  type UserAction,
  type UserPage,
  type UserSearch,
} from './user-admin.ts';

/** The admin portal's user information, and the GDPR requests users make themselves. */
export function createAdminUsersService(deps: AdminUsersDeps) {
  const withDeps =
    <Args extends unknown[], Result>(use: (deps: AdminUsersDeps, ...args: Args) => Result) =>
    (...args: Args) =>
      use(deps, ...args);
  return {
    overview: ({ user, now }: { user: SessionUser | null; now?: Date }) =>
      adminOverview(deps.db, deps.identityAdmin(), user, now),
    search: withDeps(search),
    get: withDeps(get),
    act: withDeps(act),
    export: withDeps(exportFor),
    erase: withDeps(erase),
    exportOwn: withDeps(exportOwn),
    erasureStatus: withDeps(erasureStatus),
    requestErasure: withDeps(requestErasure),
    cancelErasure: withDeps(cancelErasure),
    runDueErasures: withDeps(runDueErasures),
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
