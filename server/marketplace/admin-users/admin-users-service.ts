import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  userActionInput,
  userErasureInput,
  userSearchInput,
  type UserSearch,
} from '../../../domain/admin/user-actions.ts';
import { ADMIN_GROUP, type SessionUser } from '../../../domain/session-user.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { refuseWhenLimited } from '../../http/retry-later-error.ts';
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
import { eraseUserData, passwordCheckLimitKey, type ErasureSummary } from './erase-user.ts';
import { adminOverview } from './overview.ts';
import { accountErasureRequests } from './schema.ts';
import { exportUserData, marketRecordOf, subsWith, type MarketRecord } from './user-records.ts';

/** Days a self-service erasure waits, during which the user can cancel it. */
export const ERASURE_GRACE_DAYS = 14;

export interface UserPage {
  account: IdentityAccountDetail;
  isAdmin: boolean;
  signIns: SignInEvent[];
  lastSignInAt: string | null;
  record: MarketRecord;
}

type Deps = Pick<MarketplaceDeps, 'db' | 'publicUrl' | 'logger' | 'limiter' | 'media'> & {
  identityAdmin: () => IdentityAdmin | undefined;
};

function needIdentity(deps: Deps): IdentityAdmin {
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

/** The admin portal's user information, and the GDPR requests users make themselves. */
export function createAdminUsersService(deps: Deps) {
  // Over 80 lines: a factory whose use cases share `deps`; each one inside is short.
  const { db } = deps;

  async function search({ user, query }: { user: SessionUser | null; query: UserSearch }) {
    assertAdmin(user);
    const parsed = userSearchInput.parse(query);
    const identity = needIdentity(deps);
    const wanted = async (): Promise<Set<string> | undefined> => {
      let set: Set<string> | undefined;
      const narrow = (subs: string[]) => {
        set = set ? new Set(subs.filter((s) => set!.has(s))) : new Set(subs);
      };
      if (parsed.hasListings) narrow(await subsWith(db, 'listings'));
      if (parsed.reported) narrow(await subsWith(db, 'reported'));
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

  async function get({ user, sub }: { user: SessionUser | null; sub: string }): Promise<UserPage> {
    assertAdmin(user);
    const identity = needIdentity(deps);
    const account = await identity.get(validSub(sub));
    if (!account) throw new AppError('NOT_FOUND', 'No such user.');
    const [signIns, record] = await Promise.all([
      identity.signInHistory(account.sub, 20),
      marketRecordOf(db, account.sub),
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

  async function act({
    user,
    sub,
    input,
  }: {
    user: SessionUser | null;
    sub: string;
    input: unknown;
  }): Promise<{ message: string }> {
    const admin = assertAdmin(user);
    const parsed = userActionInput.safeParse(input);
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
        details.listingsSuspended = await setListingsSuspended(db, account.sub, new Date());
        message = 'Account disabled and signed out everywhere; their listings are off Roost.';
        break;
      case 'enable':
        await identity.enable(account.sub);
        details.listingsRestored = await setListingsSuspended(db, account.sub, null);
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
    await recordAdminAction(db, {
      admin,
      action: `user.${action}` as const,
      target: { type: 'user', id: account.sub },
      reason,
      details,
    });
    return { message };
  }

  async function exportFor({
    user,
    sub,
    reason,
  }: {
    user: SessionUser | null;
    sub: string;
    reason?: string;
  }) {
    const admin = assertAdmin(user);
    const identity = needIdentity(deps);
    const account = await identity.get(validSub(sub));
    if (!account) throw new AppError('NOT_FOUND', 'No such user.');
    const data = await exportUserData(db, identity, account.sub, deps.publicUrl);
    await recordAdminAction(db, {
      admin,
      action: 'user.export',
      target: { type: 'user', id: account.sub },
      reason: reason ?? 'Subject access request',
    });
    return data;
  }

  async function erase({
    user,
    sub,
    input,
  }: {
    user: SessionUser | null;
    sub: string;
    input: unknown;
  }): Promise<ErasureSummary> {
    const admin = assertAdmin(user);
    const parsed = userErasureInput.safeParse(input);
    if (!parsed.success) {
      throw new AppError('VALIDATION_FAILED', 'Check the form.', fieldErrorsOf(parsed.error));
    }
    const identity = needIdentity(deps);
    const account = await identity.get(validSub(sub));
    if (!account) throw new AppError('NOT_FOUND', 'No such user.');
    if (account.sub === admin.userId) {
      throw new AppError('CONFLICT', 'You cannot erase your own account here.');
    }
    const summary = await eraseUserData(db, identity, account.sub, {
      limiter: deps.limiter,
      blobs: deps.media.blobs,
    });
    const { kept: _kept, ...counts } = summary;
    await recordAdminAction(db, {
      admin,
      action: 'user.erase',
      target: { type: 'user', id: account.sub },
      reason: parsed.data.reason,
      details: counts,
    });
    return summary;
  }

  // ---- Self-service (the signed-in user, /my-account) ----

  async function exportOwn({ user }: { user: SessionUser }) {
    return exportUserData(db, deps.identityAdmin(), user.userId, deps.publicUrl);
  }

  async function erasureStatus({ user }: { user: SessionUser }) {
    const [row] = await db
      .select()
      .from(accountErasureRequests)
      .where(eq(accountErasureRequests.userSub, user.userId));
    return row && !row.cancelledAt && !row.completedAt
      ? { requestedAt: row.requestedAt.toISOString(), dueAt: row.dueAt.toISOString() }
      : null;
  }

  /**
   * Password re-checks per account: 5 in 15 minutes, so the form cannot be used to guess. Counted
   * in the shared store-backed limiter, so the limit holds across instances and restarts.
   */
  async function limitPasswordChecks(sub: string) {
    refuseWhenLimited(
      await deps.limiter.take(passwordCheckLimitKey(sub), 5, 15 * 60),
      'Too many tries. Wait 15 minutes and try again.',
    );
  }

  async function requestErasure({
    user,
    password,
    now = new Date(),
  }: {
    user: SessionUser;
    password: string;
    now?: Date;
  }) {
    if (!password) {
      throw new AppError('VALIDATION_FAILED', 'Enter your password.', {
        password: 'Enter your password.',
      });
    }
    const identity = needIdentity(deps);
    await limitPasswordChecks(user.userId);
    const isRight = await identity.checkPassword(user.email ?? user.username, password);
    if (!isRight) {
      throw new AppError('VALIDATION_FAILED', 'That password is not right.', {
        password: 'That password is not right.',
      });
    }
    const dueAt = new Date(now.getTime() + ERASURE_GRACE_DAYS * 86_400_000);
    await db
      .insert(accountErasureRequests)
      .values({ userSub: user.userId, email: user.email ?? null, requestedAt: now, dueAt })
      .onConflictDoUpdate({
        target: accountErasureRequests.userSub,
        set: {
          requestedAt: now,
          dueAt,
          cancelledAt: null,
          completedAt: null,
          email: user.email ?? null,
        },
      });
    return { dueAt: dueAt.toISOString() };
  }

  async function cancelErasure({ user, now = new Date() }: { user: SessionUser; now?: Date }) {
    await db
      .update(accountErasureRequests)
      .set({ cancelledAt: now })
      .where(
        and(
          eq(accountErasureRequests.userSub, user.userId),
          isNull(accountErasureRequests.cancelledAt),
          isNull(accountErasureRequests.completedAt),
        ),
      );
  }

  /** The job: erase every account whose grace period is over. */
  async function runDueErasures(now = new Date()) {
    const due = await db
      .select()
      .from(accountErasureRequests)
      .where(
        and(
          lte(accountErasureRequests.dueAt, now),
          isNull(accountErasureRequests.cancelledAt),
          isNull(accountErasureRequests.completedAt),
        ),
      );
    for (const request of due) {
      // Erasure marks the request completed and drops its address in the same transaction.
      await eraseUserData(db, deps.identityAdmin(), request.userSub, {
        now,
        email: request.email,
        limiter: deps.limiter,
        blobs: deps.media.blobs,
      });
      deps.logger.info({ sub: request.userSub }, 'account erased at its owner’s request');
    }
    return due.length;
  }

  return {
    overview: ({ user, now }: { user: SessionUser | null; now?: Date }) =>
      adminOverview(db, deps.identityAdmin(), user, now),
    search,
    get,
    act,
    export: exportFor,
    erase,
    exportOwn,
    erasureStatus,
    requestErasure,
    cancelErasure,
    runDueErasures,
  };
}

function matchesStatus(account: IdentityAccount, status: UserSearch['status']) {
  if (status === 'disabled') return !account.isEnabled;
  if (status === 'unconfirmed') return account.status === 'UNCONFIRMED';
  if (status === 'active') return account.isEnabled && account.status !== 'UNCONFIRMED';
  return true;
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
