import { userSearchInput, type UserSearch } from '../../../domain/admin/user-actions.ts';
import { ADMIN_GROUP, type SessionUser } from '../../../domain/session-user.ts';
import type {
  IdentityAccount,
  IdentityAccountDetail,
  IdentityAdmin,
} from '../../identity-admin/identity-admin.ts';
import type { Database } from '../../../db/client.ts';
import { assertAdmin } from '../moderation/require-admin.ts';
import { needIdentity, type AdminUsersDeps } from './admin-users-deps.ts';
import { subsWith } from './user-records.ts';

/** The subs the search's filters allow (all of them at once), or undefined with no filter. */
async function wantedSubs(
  db: Database,
  identity: IdentityAdmin,
  parsed: UserSearch,
): Promise<Set<string> | undefined> {
  let set: Set<string> | undefined;
  const narrow = (subs: string[]) => {
    set = set ? new Set(subs.filter((s) => set!.has(s))) : new Set(subs);
  };
  if (parsed.hasListings) narrow(await subsWith(db, 'listings'));
  if (parsed.reported) narrow(await subsWith(db, 'reported'));
  if (parsed.admins) narrow(await identity.groupMembers(ADMIN_GROUP));
  return set;
}

/** The admin portal's user search: pool text search, narrowed by marketplace filters. */
export async function searchUsers(
  deps: AdminUsersDeps,
  { user, query }: { user: SessionUser | null; query: UserSearch },
) {
  assertAdmin(user);
  const parsed = userSearchInput.parse(query);
  const identity = needIdentity(deps);
  const only = await wantedSubs(deps.db, identity, parsed);
  let accounts: IdentityAccount[];
  if (!parsed.q && only) {
    const found = await Promise.all([...only].slice(0, 100).map((sub) => identity.get(sub)));
    accounts = found.filter((a): a is IdentityAccountDetail => a !== undefined);
    accounts = accounts.filter((a) => matchesStatus(a, parsed.status));
  } else {
    accounts = await identity.search({ text: parsed.q, status: parsed.status, limit: 100 });
    if (only) accounts = accounts.filter((a) => only.has(a.sub));
  }
  return { accounts: accounts.slice(0, 50), query: parsed };
}

function matchesStatus(account: IdentityAccount, status: UserSearch['status']) {
  if (status === 'disabled') return !account.isEnabled;
  if (status === 'unconfirmed') return account.status === 'UNCONFIRMED';
  if (status === 'active') return account.isEnabled && account.status !== 'UNCONFIRMED';
  return true;
}
