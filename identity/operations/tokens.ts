import { eq } from 'drizzle-orm';
import type { IdentityContext } from '../context.ts';
import { hashToken, safeEqual } from '../crypto/secrets.ts';
import { messages, notAuthorized } from '../errors.ts';
import { refreshTokens } from '../schema.ts';
import { type AuthenticationResult, issueTokens, signOutEverywhere } from '../token-issuing.ts';
import { findUserById } from '../users.ts';
import { authenticate, requireClient, requireString, type Operation } from './common.ts';

/** New ID and access tokens from a live refresh token (no rotation, as Cognito's default). */
export async function refreshWithToken(
  ctx: IdentityContext,
  clientId: string,
  token: unknown,
): Promise<AuthenticationResult> {
  if (typeof token !== 'string' || token.length < 16 || token.length > 4096) {
    throw notAuthorized(messages.invalidRefreshToken);
  }
  const [family] = await ctx.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!family || family.revokedAt || !safeEqual(family.clientId, clientId)) {
    throw notAuthorized(messages.invalidRefreshToken);
  }
  if (family.expiresAt.getTime() < Date.now()) throw notAuthorized(messages.refreshTokenExpired);
  const user = await findUserById(ctx, family.userId);
  if (!user) throw notAuthorized(messages.invalidRefreshToken);
  if (!user.enabled) throw notAuthorized(messages.userDisabled);
  return issueTokens(ctx, user, {
    clientId,
    scope: family.scope,
    authTime: family.authTime,
    originJti: family.id,
    ...(family.deviceKey ? { deviceKey: family.deviceKey } : {}),
  });
}

export const getTokensFromRefreshToken: Operation = async (ctx, input) => {
  const clientId = requireClient(ctx, input);
  requireString(input, 'RefreshToken', 4096);
  return { AuthenticationResult: await refreshWithToken(ctx, clientId, input.RefreshToken) };
};

export const globalSignOut: Operation = async (ctx, input) => {
  const { user } = await authenticate(ctx, input.AccessToken);
  await signOutEverywhere(ctx, user.id);
  return {};
};

/** Revokes the refresh token's family: its access and ID tokens stop working too. */
export const revokeToken: Operation = async (ctx, input) => {
  const clientId = requireClient(ctx, input);
  const token = requireString(input, 'Token', 4096);
  const [family] = await ctx.db
    .select({ id: refreshTokens.id, clientId: refreshTokens.clientId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!family) return {};
  if (!safeEqual(family.clientId, clientId)) throw notAuthorized('Invalid token');
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(eq(refreshTokens.id, family.id));
  return {};
};
