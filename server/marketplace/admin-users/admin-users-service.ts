import type { SessionUser } from '../../../domain/session-user.ts';
import type { AdminUsersDeps } from './admin-users-deps.ts';
import { adminOverview } from './overview.ts';
import { cancelErasure, erasureStatus, requestErasure, runDueErasures } from './self-erasure.ts';
import { actOnUser, eraseUser, exportUserFor, userPage } from './user-admin-actions.ts';
import { exportUserData } from './user-records.ts';
import { searchUsers } from './user-search.ts';

export { ERASURE_GRACE_DAYS } from './self-erasure.ts';
export type { UserPage } from './user-admin-actions.ts';

type Args<F> = F extends (deps: AdminUsersDeps, args: infer A) => unknown ? A : never;

/** The admin portal's user information, and the GDPR requests users make themselves. */
export function createAdminUsersService(deps: AdminUsersDeps) {
  return {
    overview: ({ user, now }: { user: SessionUser | null; now?: Date }) =>
      adminOverview(deps.db, deps.identityAdmin(), user, now),
    search: (args: Args<typeof searchUsers>) => searchUsers(deps, args),
    get: (args: Args<typeof userPage>) => userPage(deps, args),
    act: (args: Args<typeof actOnUser>) => actOnUser(deps, args),
    export: (args: Args<typeof exportUserFor>) => exportUserFor(deps, args),
    erase: (args: Args<typeof eraseUser>) => eraseUser(deps, args),
    // Self-service (the signed-in user, /my-account).
    exportOwn: ({ user }: { user: SessionUser }) =>
      exportUserData(deps.db, deps.identityAdmin(), user.userId, deps.publicUrl),
    erasureStatus: (args: Args<typeof erasureStatus>) => erasureStatus(deps, args),
    requestErasure: (args: Args<typeof requestErasure>) => requestErasure(deps, args),
    cancelErasure: (args: Args<typeof cancelErasure>) => cancelErasure(deps, args),
    runDueErasures: (now?: Date) => runDueErasures(deps, now),
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
