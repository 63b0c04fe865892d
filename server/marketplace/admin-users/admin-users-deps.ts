import type { IdentityAccountDetail, IdentityAdmin } from '../../identity-admin/identity-admin.ts';
import { AppError } from '../../http/app-error.ts';
import type { MarketplaceDeps } from '../marketplace-deps.ts';

/** What the admin-users use cases need: the database, the user pool and a few shared services. */
export type AdminUsersDeps = Pick<
  MarketplaceDeps,
  'db' | 'publicUrl' | 'logger' | 'limiter' | 'media'
> & {
  identityAdmin: () => IdentityAdmin | undefined;
};

export function needIdentity(deps: AdminUsersDeps): IdentityAdmin {
  const identity = deps.identityAdmin();
  if (!identity) throw new AppError('UNAVAILABLE', 'The user pool is not available.');
  return identity;
}

function validSub(sub: string): string {
  if (!/^[\w-]{1,128}$/.test(sub)) throw new AppError('NOT_FOUND', 'No such user.');
  return sub;
}

/** The pool account behind `sub`, or NOT_FOUND. */
export async function accountOf(
  identity: IdentityAdmin,
  sub: string,
): Promise<IdentityAccountDetail> {
  const account = await identity.get(validSub(sub));
  if (!account) throw new AppError('NOT_FOUND', 'No such user.');
  return account;
}
