import { eq, sql } from 'drizzle-orm';
import type { IdentityContext } from './context.ts';
import type { CodePurpose } from './delivery/templates.ts';
import { codeMismatch, expiredCode, limitExceeded, messages, notAuthorized } from './errors.ts';
import { takeToken } from '../limits/index.ts';
import { rateLimits } from './schema.ts';

/**
 * With PreventUserExistenceErrors an address without an account must get, request after request,
 * the answers a real account would. A real account's counters live on its rows (wrong passwords
 * and lock-out on `users`, code guesses on `codes`); an unknown address gets the same counters in
 * `rate_limits`, keyed by the address as typed once normalised, so they hold across instances.
 */

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The login as the pool looks it up: trimmed; e-mail addresses and user ids in lower case. */
export function normaliseLogin(login: string): string {
  const value = login.trim();
  return value.includes('@') || uuidPattern.test(value) ? value.toLowerCase() : value;
}

/** The shared limiter's key for code sends to one login (deleting a user forgets theirs). */
export const codeSendsLimitKey = (purpose: CodePurpose, login: string) =>
  `code-sends:${purpose}:${normaliseLogin(login)}`;

/**
 * At most `codeSendsPerHour` code sends per purpose and address, whether or not the address has
 * an account; a real account is also held to the same number per account by `sendCode`.
 */
export async function limitCodeSendsTo(ctx: IdentityContext, purpose: CodePurpose, login: string) {
  const key = codeSendsLimitKey(purpose, login);
  if (!(await takeToken(ctx.limiter, key, ctx.limits.codeSendsPerHour, 3600)))
    throw limitExceeded();
}

const lockoutKey = (login: string) => `stand-in-lockout:${normaliseLogin(login)}`;

/** As `assertCanSignIn` for a locked account: wrong passwords lock the address for a while. */
export async function assertStandInCanSignIn(ctx: IdentityContext, login: string) {
  const [row] = await ctx.db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, lockoutKey(login)))
    .limit(1);
  const over = (row?.count ?? 0) - ctx.limits.failedSignInsBeforeLockout;
  // `windowStart` holds the time of the last wrong password, as `locked_until` is counted from it.
  if (row && over >= 0 && row.windowStart.getTime() + lockSeconds(over) * 1000 > Date.now()) {
    throw notAuthorized(messages.passwordAttemptsExceeded);
  }
}

/** The lock after the fifth wrong password in a row: 1 s, 2 s, 4 s … 15 min. */
export const lockSeconds = (over: number) => Math.min(2 ** over, 900);

/** Counts a wrong password for an address without an account, as `recordFailure` does. */
export async function recordStandInFailure(ctx: IdentityContext, login: string) {
  const now = new Date();
  await ctx.db
    .insert(rateLimits)
    .values({ key: lockoutKey(login), windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: sql`${rateLimits.count} + 1`, windowStart: now },
    });
}

const codeKey = (purpose: CodePurpose, login: string) =>
  `stand-in-code:${purpose}:${normaliseLogin(login)}`;

/** A code "sent" to an unknown address: like a real send, it starts a fresh count of guesses. */
export async function recordStandInCodeSent(
  ctx: IdentityContext,
  purpose: CodePurpose,
  login: string,
) {
  const now = new Date();
  await ctx.db
    .insert(rateLimits)
    .values({ key: codeKey(purpose, login), windowStart: now, count: 0 })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: 0, windowStart: now } });
}

/**
 * A guess at a code for an unknown address, answered as `checkCode` answers a wrong guess: no code
 * yet (unless `isCodePending`, as after a sign-up), a mismatch, or the limit once spent.
 */
export async function rejectStandInCode(
  ctx: IdentityContext,
  purpose: CodePurpose,
  login: string,
  options: { isCodePending?: boolean } = {},
): Promise<never> {
  const key = codeKey(purpose, login);
  const [row] = await ctx.db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  if (!row && !options.isCodePending) throw expiredCode();
  if ((row?.count ?? 0) >= ctx.limits.codeAttempts) throw limitExceeded();
  await ctx.db
    .insert(rateLimits)
    .values({ key, windowStart: new Date(), count: 1 })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + 1` } });
  throw codeMismatch();
}
