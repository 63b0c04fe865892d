import { eq } from 'drizzle-orm';
import type { IdentityContext } from '../context.ts';
import { hashToken } from '../crypto/secrets.ts';
import { oauthGrants } from '../schema.ts';

/** How long an authorisation code may wait to be exchanged. */
export const CODE_SECONDS = 300;

export interface CodeGrant extends Record<string, unknown> {
  userId: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  nonce?: string;
  authTime: number;
}

export async function saveGrant(
  ctx: IdentityContext,
  kind: string,
  key: string,
  data: Record<string, unknown>,
  seconds: number,
) {
  await ctx.db.insert(oauthGrants).values({
    tokenHash: hashToken(`${kind}:${key}`),
    kind,
    data,
    expiresAt: new Date(Date.now() + seconds * 1000),
  });
}

/** Takes a grant out of the store: codes and federation round trips are single use. */
export async function takeGrant<T>(
  ctx: IdentityContext,
  kind: string,
  key: unknown,
): Promise<T | undefined> {
  if (typeof key !== 'string' || key.length < 8 || key.length > 512) return undefined;
  const [row] = await ctx.db
    .delete(oauthGrants)
    .where(eq(oauthGrants.tokenHash, hashToken(`${kind}:${key}`)))
    .returning();
  if (!row || row.kind !== kind || row.expiresAt.getTime() < Date.now()) return undefined;
  return row.data as T;
}
