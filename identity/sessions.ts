import { randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { IdentityContext } from './context.ts';
import { hashToken } from './crypto/secrets.ts';
import { messages, notAuthorized } from './errors.ts';
import { authSessions } from './schema.ts';

export const SESSION_SECONDS = 180;

export interface SessionState extends Record<string, unknown> {
  /** Null for the stand-in sessions given to unknown users. */
  userId: string | null;
  clientId: string;
  /** The challenge this session answers. */
  challenge: string;
  attempts?: number;
}

/** Stores sign-in state under a random handle (only its hash is kept) and returns the handle. */
export async function createSession(ctx: IdentityContext, state: SessionState): Promise<string> {
  const handle = randomBytes(96).toString('base64');
  await ctx.db.insert(authSessions).values({
    tokenHash: hashToken(handle),
    userId: state.userId,
    state,
    expiresAt: new Date(Date.now() + SESSION_SECONDS * 1000),
  });
  return handle;
}

/** Takes the session out of the store: each handle answers exactly one request. */
export async function consumeSession(ctx: IdentityContext, handle: unknown): Promise<SessionState> {
  if (typeof handle !== 'string' || handle.length < 16 || handle.length > 4096) {
    throw notAuthorized(messages.invalidSession);
  }
  const [row] = await ctx.db
    .delete(authSessions)
    .where(eq(authSessions.tokenHash, hashToken(handle)))
    .returning();
  if (!row) throw notAuthorized(messages.invalidSession);
  if (row.expiresAt.getTime() < Date.now()) throw notAuthorized(messages.sessionExpired);
  return row.state as SessionState;
}

/** Puts a session back after a wrong MFA code, so the person can try again (up to 3 times). */
export async function restoreSession(ctx: IdentityContext, handle: string, state: SessionState) {
  const attempts = (state.attempts ?? 0) + 1;
  if (attempts >= 3) return;
  await ctx.db.insert(authSessions).values({
    tokenHash: hashToken(handle),
    userId: state.userId,
    state: { ...state, attempts },
    expiresAt: new Date(Date.now() + SESSION_SECONDS * 1000),
  });
}

/**
 * Marks a stateless handle (the sealed SRP secret block) as spent. Returns false when it was
 * already used: a captured PASSWORD_VERIFIER answer cannot be replayed.
 */
export async function spendHandle(
  ctx: IdentityContext,
  handle: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await ctx.db
    .insert(authSessions)
    .values({ tokenHash: hashToken(handle), userId: null, state: { spent: true }, expiresAt })
    .onConflictDoNothing()
    .returning({ tokenHash: authSessions.tokenHash });
  return rows.length === 1;
}

export async function purgeExpiredSessions(ctx: IdentityContext) {
  await ctx.db.delete(authSessions).where(lt(authSessions.expiresAt, new Date()));
}
