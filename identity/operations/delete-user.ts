import { eq } from 'drizzle-orm';
import { codeLifetimes } from '../codes.ts';
import type { CodePurpose } from '../delivery/templates.ts';
import { users } from '../schema.ts';
import { codeSendsLimitKey } from '../stand-ins.ts';
import type { User } from '../users.ts';
import type { IdentityContext } from '../context.ts';

/** The shared limiter's key for password changes by one user. */
export const changePasswordLimitKey = (userId: string) => `change-password:${userId}`;

/**
 * Deletes a user and keeps nothing of them, as Cognito does: the row (its codes, tokens,
 * devices, group memberships and sign-in history go with it by cascade) and the limiter
 * counters keyed by the user's id or by a login of theirs (e-mail, phone, username).
 */
export async function deleteUserEntirely(ctx: IdentityContext, user: User): Promise<void> {
  await ctx.db.delete(users).where(eq(users.id, user.id));
  const logins = [user.id, user.username, user.email, user.phoneNumber].filter(
    (login): login is string => Boolean(login),
  );
  const purposes = Object.keys(codeLifetimes) as CodePurpose[];
  await ctx.limiter.forget([
    changePasswordLimitKey(user.id),
    ...purposes.flatMap((purpose) => logins.map((login) => codeSendsLimitKey(purpose, login))),
  ]);
}
