import { and, eq, isNull, lte } from 'drizzle-orm';
import type { SessionUser } from '../../../domain/session-user.ts';
import { AppError } from '../../http/app-error.ts';
import { refuseWhenLimited } from '../../http/retry-later-error.ts';
import { needIdentity, type AdminUsersDeps } from './admin-users-deps.ts';
import { eraseUserData, passwordCheckLimitKey } from './erase-user.ts';
import { accountErasureRequests } from './schema.ts';

/** Days a self-service erasure waits, during which the user can cancel it. */
export const ERASURE_GRACE_DAYS = 14;

/** The signed-in user's pending erasure request, if any. */
export async function erasureStatus(deps: AdminUsersDeps, { user }: { user: SessionUser }) {
  const [row] = await deps.db
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
async function limitPasswordChecks(deps: AdminUsersDeps, sub: string) {
  refuseWhenLimited(
    await deps.limiter.take(passwordCheckLimitKey(sub), 5, 15 * 60),
    'Too many tries. Wait 15 minutes and try again.',
  );
}

/** The user asks for their own account's erasure, confirmed by their password. */
export async function requestErasure(
  deps: AdminUsersDeps,
  { user, password, now = new Date() }: { user: SessionUser; password: string; now?: Date },
) {
  if (!password) {
    throw new AppError('VALIDATION_FAILED', 'Enter your password.', {
      password: 'Enter your password.',
    });
  }
  const identity = needIdentity(deps);
  await limitPasswordChecks(deps, user.userId);
  const isRight = await identity.checkPassword(user.email ?? user.username, password);
  if (!isRight) {
    throw new AppError('VALIDATION_FAILED', 'That password is not right.', {
      password: 'That password is not right.',
    });
  }
  const dueAt = new Date(now.getTime() + ERASURE_GRACE_DAYS * 86_400_000);
  await deps.db
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

export async function cancelErasure(
  deps: AdminUsersDeps,
  { user, now = new Date() }: { user: SessionUser; now?: Date },
) {
  await deps.db
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
export async function runDueErasures(deps: AdminUsersDeps, now = new Date()) {
  const due = await deps.db
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
    await eraseUserData(deps.db, deps.identityAdmin(), request.userSub, {
      now,
      email: request.email,
      limiter: deps.limiter,
      blobs: deps.media.blobs,
    });
    deps.logger.info({ sub: request.userSub }, 'account erased at its owner’s request');
  }
  return due.length;
}
