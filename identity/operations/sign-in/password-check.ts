import { eq, sql } from 'drizzle-orm';
import { outcome, recordSignIn } from '../../auth-events.ts';
import type { IdentityContext } from '../../context.ts';
import { incorrectCredentials, messages, notAuthorized } from '../../errors.ts';
import { users } from '../../schema.ts';
import { passwordMatches } from '../../srp.ts';
import { assertStandInCanSignIn, lockSeconds, recordStandInFailure } from '../../stand-ins.ts';
import { verifierOf } from '../../passwords.ts';
import type { User } from '../../users.ts';

export function assertCanSignIn(user: User) {
  if (!user.enabled) throw notAuthorized(messages.userDisabled);
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    throw notAuthorized(messages.passwordAttemptsExceeded);
  }
}

/** Counts a wrong password; from the fifth in a row the account locks for 1 s, 2 s, 4 s … 15 min. */
export async function recordFailure(ctx: IdentityContext, user: User) {
  const failed = user.failedSignIns + 1;
  const over = failed - ctx.limits.failedSignInsBeforeLockout;
  const lockedUntil = over >= 0 ? new Date(Date.now() + lockSeconds(over) * 1000) : null;
  await ctx.db
    .update(users)
    .set({ failedSignIns: sql`${users.failedSignIns} + 1`, lockedUntil })
    .where(eq(users.id, user.id));
  await recordSignIn(ctx, user.id, 'Fail', [outcome('Password', false)]);
}

export async function recordSuccess(ctx: IdentityContext, user: User) {
  if (user.failedSignIns === 0 && !user.lockedUntil) return;
  await ctx.db
    .update(users)
    .set({ failedSignIns: 0, lockedUntil: null })
    .where(eq(users.id, user.id));
}

/** Checks a password for `login`; an address without an account counts wrong ones alike. */
export async function checkPassword(
  ctx: IdentityContext,
  user: User | undefined,
  password: unknown,
  login: string,
): Promise<User> {
  const stored = user ? verifierOf(ctx, user) : undefined;
  if (typeof password !== 'string') throw incorrectCredentials();
  if (!user || !stored) {
    await assertStandInCanSignIn(ctx, login);
    await recordStandInFailure(ctx, login);
    throw incorrectCredentials();
  }
  assertCanSignIn(user);
  if (!passwordMatches(stored, ctx.config.poolName, user.username, password)) {
    await recordFailure(ctx, user);
    throw incorrectCredentials();
  }
  await recordSuccess(ctx, user);
  return user;
}
