import type { IdentityContext } from '../../context.ts';
import { invalidParameter, messages, notAuthorized } from '../../errors.ts';
import { SESSION_SECONDS, spendHandle, type SessionState } from '../../sessions.ts';
import { parseSrpTimestamp } from '../../srp.ts';

const TIMESTAMP_SKEW_MS = 15 * 60_000;

/**
 * The SRP state travels in SECRET_BLOCK itself, sealed with AES-GCM (so b never leaves the server
 * readable), which spares a database write per sign-in; spending it records its hash so it
 * answers once.
 */
export function sealSecretBlock(ctx: IdentityContext, state: SessionState): string {
  const sealed = ctx.secrets.encrypt(
    JSON.stringify({ ...state, exp: Date.now() + SESSION_SECONDS * 1000 }),
  );
  return Buffer.from(sealed.slice(3), 'base64url').toString('base64');
}

export async function openSecretBlock(
  ctx: IdentityContext,
  block: unknown,
  spendNow: boolean,
): Promise<SessionState> {
  if (typeof block !== 'string' || block.length < 16 || block.length > 4096) {
    throw notAuthorized(messages.invalidSession);
  }
  let state: SessionState & { exp: number };
  try {
    state = JSON.parse(
      ctx.secrets.decrypt(`v1.${Buffer.from(block, 'base64').toString('base64url')}`),
    ) as never;
  } catch {
    throw notAuthorized(messages.invalidSession);
  }
  if (state.exp < Date.now()) throw notAuthorized(messages.sessionExpired);
  if (spendNow) await spendSecretBlock(ctx, block, state.exp);
  return state;
}

export async function spendSecretBlock(ctx: IdentityContext, block: string, expiresAt: number) {
  if (!(await spendHandle(ctx, block, new Date(expiresAt)))) {
    throw notAuthorized('Invalid session for the user, session can only be used once.');
  }
}

/** Whether an SRP claim's TIMESTAMP parses and lies within the accepted clock skew. */
export function isFreshTimestamp(timestamp: string): boolean {
  const when = parseSrpTimestamp(timestamp);
  return Boolean(when && Math.abs(when.getTime() - Date.now()) <= TIMESTAMP_SKEW_MS);
}

export function assertFreshTimestamp(timestamp: string) {
  if (!isFreshTimestamp(timestamp)) {
    throw invalidParameter('TIMESTAMP format is invalid or is too far from the current time.');
  }
}
