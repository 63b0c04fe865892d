import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  userActionInput,
  userErasureInput,
  type UserAction,
} from '../../../domain/admin/user-actions.ts';
import { ADMIN_GROUP, type SessionUser } from '../../../domain/session-user.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { AppError } from '../../http/app-error.ts';
import type {
  IdentityAccountDetail,
  IdentityAdmin,
  SignInEvent,
} from '../../identity-admin/identity-admin.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';
import { listings } from '../listings/schema.ts';
import { assertAdmin } from '../moderation/require-admin.ts';
import { accountOf, needIdentity, type AdminUsersDeps } from './admin-users-deps.ts';
import { eraseUserData, type ErasureSummary } from './erase-user.ts';
import { exportUserData, marketRecordOf, type MarketRecord } from './user-records.ts';

export interface UserPage {
  account: IdentityAccountDetail;
  isAdmin: boolean;
  signIns: SignInEvent[];
  lastSignInAt: string | null;
  record: MarketRecord;
}

/** One user's page in the admin portal: the pool account, sign-ins and marketplace record. */
export async function userPage(
  deps: AdminUsersDeps,
  { user, sub }: { user: SessionUser | null; sub: string },
): Promise<UserPage> {
  assertAdmin(user);
  const identity = needIdentity(deps);
  const account = await accountOf(identity, sub);
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

async function setListingsSuspended(db: Database, sub: string, at: Date | null) {
  const rows = await db
    .update(listings)
    .set({ ownerSuspendedAt: at })
    .where(eq(listings.ownerSub, sub))
    .returning({ id: listings.id });
  return rows.length;
}

/** Carries out one action on the pool (and listings); returns the message for the admin. */
async function applyAction(
  db: Database,
  identity: IdentityAdmin,
  account: IdentityAccountDetail,
  action: UserAction,
  details: Record<string, unknown>,
): Promise<string> {
  switch (action) {
    case 'disable':
      await identity.disable(account.sub);
      details.listingsSuspended = await setListingsSuspended(db, account.sub, new Date());
      return 'Account disabled and signed out everywhere; their listings are off Roost.';
    case 'enable':
      await identity.enable(account.sub);
      details.listingsRestored = await setListingsSuspended(db, account.sub, null);
      return 'Account re-enabled; their listings are back on Roost.';
    case 'reset-password':
      await identity.resetPassword(account.sub);
      return 'Password reset: they must choose a new one with the code sent to them.';
    case 'reset-mfa':
      await identity.resetMfa(account.sub);
      return 'Two-step verification turned off; they can set it up again.';
    case 'resend-confirmation':
      if (account.status !== 'UNCONFIRMED') {
        throw new AppError('CONFLICT', 'This account is already confirmed.');
      }
      await identity.resendConfirmation(account.sub);
      return 'Confirmation code sent again.';
    case 'make-admin':
      await identity.addToGroup(account.sub, ADMIN_GROUP);
      return 'Now an administrator (from their next sign-in).';
    case 'remove-admin':
      await identity.removeFromGroup(account.sub, ADMIN_GROUP);
      await identity.signOutEverywhere(account.sub);
      return 'No longer an administrator; signed out everywhere.';
  }
}

/** An admin's action on a user's account, recorded in the audit log. */
export async function actOnUser(
  deps: AdminUsersDeps,
  { user, sub, input }: { user: SessionUser | null; sub: string; input: unknown },
): Promise<{ message: string }> {
  const admin = assertAdmin(user);
  const parsed = userActionInput.safeParse(input);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 'Check the form.', fieldErrorsOf(parsed.error));
  }
  const { action, reason } = parsed.data;
  const identity = needIdentity(deps);
  const account = await accountOf(identity, sub);
  if (account.sub === admin.userId && (action === 'disable' || action === 'remove-admin')) {
    throw new AppError('CONFLICT', 'You cannot do that to your own account.');
  }
  const details: Record<string, unknown> = { email: account.email ?? null };
  // The pool first: if it refuses, nothing is recorded as done.
  const message = await applyAction(deps.db, identity, account, action, details);
  await recordAdminAction(deps.db, {
    admin,
    action: `user.${action}` as const,
    target: { type: 'user', id: account.sub },
    reason,
    details,
  });
  return { message };
}

/** A subject access export made by an admin, recorded in the audit log. */
export async function exportUserFor(
  deps: AdminUsersDeps,
  { user, sub, reason }: { user: SessionUser | null; sub: string; reason?: string },
) {
  const admin = assertAdmin(user);
  const identity = needIdentity(deps);
  const account = await accountOf(identity, sub);
  const data = await exportUserData(deps.db, identity, account.sub, deps.publicUrl);
  await recordAdminAction(deps.db, {
    admin,
    action: 'user.export',
    target: { type: 'user', id: account.sub },
    reason: reason ?? 'Subject access request',
  });
  return data;
}

/** An admin's erasure of another user's account, recorded in the audit log. */
export async function eraseUser(
  deps: AdminUsersDeps,
  { user, sub, input }: { user: SessionUser | null; sub: string; input: unknown },
): Promise<ErasureSummary> {
  const admin = assertAdmin(user);
  const parsed = userErasureInput.safeParse(input);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 'Check the form.', fieldErrorsOf(parsed.error));
  }
  const identity = needIdentity(deps);
  const account = await accountOf(identity, sub);
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
