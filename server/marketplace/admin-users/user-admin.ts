import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { ADMIN_GROUP, type SessionUser } from '../../../domain/session-user.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { AppError } from '../../http/app-error.ts';
import type {
  IdentityAccount,
  IdentityAccountDetail,
  IdentityAdmin,
  SignInEvent,
} from '../../identity-admin/identity-admin.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';
import { listings } from '../listings/schema.ts';
import type { MarketplaceDeps } from '../marketplace-deps.ts';
import { assertAdmin } from '../moderation/require-admin.ts';
import { eraseUserData, type ErasureSummary } from './erase-user.ts';
import { exportUserData, marketRecordOf, subsWith, type MarketRecord } from './user-records.ts';

/** The actions on a user's page; each needs a reason and is recorded in the audit log. */
export const USER_ACTIONS = [
  'disable',
  'enable',
  'reset-password',
  'reset-mfa',
  'resend-confirmation',
  'make-admin',
  'remove-admin',
] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

export const userSearchSchema = z.object({
  q: z.string().trim().max(200).optional().default(''),
  status: z.enum(['active', 'unconfirmed', 'disabled']).optional().catch(undefined),
  admins: z.coerce.boolean().optional().default(false),
  hasListings: z.coerce.boolean().optional().default(false),
  reported: z.coerce.boolean().optional().default(false),
});
export type UserSearch = z.input<typeof userSearchSchema>;

const reasonSchema = z
  .string()
  .trim()
  .min(3, 'Give a reason of at least 3 characters.')
  .max(500, 'Keep the reason under 500 characters.');

const actionSchema = z.object({
  action: z.enum(USER_ACTIONS, { message: 'Choose an action.' }),
  reason: reasonSchema,
});

export interface UserPage {
  account: IdentityAccountDetail;
  isAdmin: boolean;
  signIns: SignInEvent[];
  lastSignInAt: string | null;
  record: MarketRecord;
}

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

async function setListingsSuspended(db: Database, sub: string, at: Date | null) {
  const rows = await db
    .update(listings)
    .set({ ownerSuspendedAt: at })
    .where(eq(listings.ownerSub, sub))
    .returning({ id: listings.id });
  return rows.length;
}

// The admin portal's user pages: search, one user's record, actions, export and erasure.

export async function search(
  deps: AdminUsersDeps,
  { user, query }: { user: SessionUser | null; query: UserSearch },
) {
  assertAdmin(user);
  const parsed = userSearchSchema.parse(query);
  const identity = needIdentity(deps);
  const wanted = async (): Promise<Set<string> | undefined> => {
    let set: Set<string> | undefined;
    const narrow = (subs: string[]) => {
      set = set ? new Set(subs.filter((s) => set!.has(s))) : new Set(subs);
    };
    if (parsed.hasListings) narrow(await subsWith(deps.db, 'listings'));
    if (parsed.reported) narrow(await subsWith(deps.db, 'reported'));
    if (parsed.admins) narrow(await identity.groupMembers(ADMIN_GROUP));
    return set;
  };
  const only = await wanted();
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

export async function get(
  deps: AdminUsersDeps,
  { user, sub }: { user: SessionUser | null; sub: string },
): Promise<UserPage> {
  assertAdmin(user);
  const identity = needIdentity(deps);
  const account = await identity.get(validSub(sub));
  if (!account) throw new AppError('NOT_FOUND', 'No such user.');
  const [signIns, record] = await Promise.all([
    identity.signInHistory(account.sub, 20),
    marketRecordOf(deps.db, account.sub),
  ]);
  const lastSignIn = signIns.find((event) => event.type === 'SignIn' && event.result === 'Pass');
  return {
    account,
    isAdmin: account.groups.includes(ADMIN_GROUP),
    signIns,
    lastSignInAt: lastSignIn?.at ?? null,
    record,
  };
}

export async function act(
  deps: AdminUsersDeps,
  {
    user,
    sub,
    input,
  }: {
    user: SessionUser | null;
    sub: string;
    input: unknown;
  },
): Promise<{ message: string }> {
  const admin = assertAdmin(user);
  const parsed = actionSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 'Check the form.', fieldErrorsOf(parsed.error));
  }
  const { action, reason } = parsed.data;
  const identity = needIdentity(deps);
  const account = await identity.get(validSub(sub));
  if (!account) throw new AppError('NOT_FOUND', 'No such user.');
  if (account.sub === admin.userId && (action === 'disable' || action === 'remove-admin')) {
    throw new AppError('CONFLICT', 'You cannot do that to your own account.');
  }
  const details: Record<string, unknown> = { email: account.email ?? null };
  let message: string;
  // The pool first: if it refuses, nothing is recorded as done.
  switch (action) {
    case 'disable':
      await identity.disable(account.sub);
      details.listingsSuspended = await setListingsSuspended(deps.db, account.sub, new Date());
      message = 'Account disabled and signed out everywhere; their listings are off Roost.';
      break;
    case 'enable':
      await identity.enable(account.sub);
      details.listingsRestored = await setListingsSuspended(deps.db, account.sub, null);
      message = 'Account re-enabled; their listings are back on Roost.';
      break;
    case 'reset-password':
      await identity.resetPassword(account.sub);
      message = 'Password reset: they must choose a new one with the code sent to them.';
      break;
    case 'reset-mfa':
      await identity.resetMfa(account.sub);
      message = 'Two-step verification turned off; they can set it up again.';
      break;
    case 'resend-confirmation':
      if (account.status !== 'UNCONFIRMED') {
        throw new AppError('CONFLICT', 'This account is already confirmed.');
      }
      await identity.resendConfirmation(account.sub);
      message = 'Confirmation code sent again.';
      break;
    case 'make-admin':
      await identity.addToGroup(account.sub, ADMIN_GROUP);
      message = 'Now an administrator (from their next sign-in).';
      break;
    case 'remove-admin':
      await identity.removeFromGroup(account.sub, ADMIN_GROUP);
      await identity.signOutEverywhere(account.sub);
      message = 'No longer an administrator; signed out everywhere.';
      break;
  }
  await recordAdminAction(deps.db, {
    admin,
    action: `user.${action}` as const,
    target: { type: 'user', id: account.sub },
    reason,
    details,
  });
  return { message };
}

export async function exportFor(
  deps: AdminUsersDeps,
  {
    user,
    sub,
    reason,
  }: {
    user: SessionUser | null;
    sub: string;
    reason?: string;
  },
) {
  const admin = assertAdmin(user);
  const identity = needIdentity(deps);
  const account = await identity.get(validSub(sub));
  if (!account) throw new AppError('NOT_FOUND', 'No such user.');
  const data = await exportUserData(deps.db, identity, account.sub, deps.publicUrl);
  await recordAdminAction(deps.db, {
    admin,
    action: 'user.export',
    target: { type: 'user', id: account.sub },
    reason: reason ?? 'Subject access request',
  });
  return data;
}

export async function erase(
  deps: AdminUsersDeps,
  {
    user,
    sub,
    input,
  }: {
    user: SessionUser | null;
    sub: string;
    input: unknown;
  },
): Promise<ErasureSummary> {
  const admin = assertAdmin(user);
  const parsed = z.object({ reason: reasonSchema }).safeParse(input);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 'Check the form.', fieldErrorsOf(parsed.error));
  }
  const identity = needIdentity(deps);
  const account = await identity.get(validSub(sub));
  if (!account) throw new AppError('NOT_FOUND', 'No such user.');
  if (account.sub === admin.userId) {
    throw new AppError('CONFLICT', 'You cannot erase your own account here.');
  }
  const summary = await eraseUserData(deps.db, identity, account.sub, {
    limiter: deps.limiter,
    blobs: deps.media.blobs,
  });
  const { kept: _kept, ...counts } = summary;
  await recordAdminAction(deps.db, {
    admin,
    action: 'user.erase',
    target: { type: 'user', id: account.sub },
    reason: parsed.data.reason,
    details: counts,
  });
  return summary;
}

function matchesStatus(account: IdentityAccount, status: UserSearch['status']) {
  if (status === 'disabled') return !account.isEnabled;
  if (status === 'unconfirmed') return account.status === 'UNCONFIRMED';
  if (status === 'active') return account.isEnabled && account.status !== 'UNCONFIRMED';
  return true;
}
