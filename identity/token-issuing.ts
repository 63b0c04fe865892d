import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { IdentityContext } from './context.ts';
import { hashToken, randomToken } from './crypto/secrets.ts';
import { CognitoError } from './errors.ts';
import { addressClass, outcome } from './auth-events.ts';
import { authEvents, refreshTokens, userGroups, users } from './schema.ts';
import { groupsOf, type User } from './users.ts';

export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
  NewDeviceMetadata?: { DeviceKey: string; DeviceGroupKey: string };
}

export interface IssueOptions {
  clientId: string;
  scope?: string;
  authTime?: Date;
  deviceKey?: string;
  nonce?: string;
  identities?: unknown[];
  /** Reuse this refresh family instead of starting a new one (token refresh). */
  originJti?: string;
  /** The SRP secret block answered: recorded with the refresh token, so it answers once. */
  spentHandle?: string;
}

/** Signs ID and access tokens; starts a refresh-token family unless refreshing one. */
export async function issueTokens(
  ctx: IdentityContext,
  user: User,
  options: IssueOptions,
): Promise<AuthenticationResult> {
  const scope = options.scope ?? 'aws.cognito.signin.user.admin';
  const authTime = options.authTime ?? new Date();
  let refreshToken: string | undefined;
  let originJti = options.originJti;
  if (!originJti) {
    originJti = randomUUID();
    refreshToken = randomToken(48);
    const inserted = await ctx.db
      .insert(refreshTokens)
      .values({
        id: originJti,
        tokenHash: hashToken(refreshToken),
        authHandleHash: options.spentHandle ? hashToken(options.spentHandle) : null,
        userId: user.id,
        clientId: options.clientId,
        scope,
        authTime,
        deviceKey: options.deviceKey ?? null,
        expiresAt: new Date(Date.now() + ctx.config.refreshTokenTtl * 1000),
      })
      .onConflictDoNothing()
      .returning({ id: refreshTokens.id });
    if (inserted.length === 0) {
      throw new CognitoError(
        'NotAuthorizedException',
        'Invalid session for the user, session can only be used once.',
      );
    }
  }
  const groups = Array.isArray(user.groups) ? user.groups : await groupsOf(ctx, user.id);
  const { idToken, accessToken } = await ctx.tokens.issue({
    userId: user.id,
    username: user.username,
    attributes: user.attributes,
    groups,
    clientId: options.clientId,
    scope,
    authTime: Math.floor(authTime.getTime() / 1000),
    originJti,
    eventId: randomUUID(),
    ...(options.nonce ? { nonce: options.nonce } : {}),
    ...(options.identities ? { identities: options.identities } : {}),
  });
  return {
    AccessToken: accessToken,
    IdToken: idToken,
    ...(refreshToken ? { RefreshToken: refreshToken } : {}),
    ExpiresIn: ctx.config.accessTokenTtl,
    TokenType: 'Bearer',
  };
}

/** Revokes every refresh family of a user and every token issued before now. */
export async function signOutEverywhere(ctx: IdentityContext, userId: string) {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), sql`${refreshTokens.revokedAt} is null`));
  await ctx.db
    .update(users)
    .set({ tokensValidAfter: new Date(Math.floor(Date.now() / 1000) * 1000) })
    .where(eq(users.id, userId));
}

/**
 * Starts a refresh family and signs tokens in one statement, but only while the user is enabled,
 * unlocked, confirmed, without MFA and still has the password whose salt is given, and (for SRP)
 * only if this secret block was not answered before. Undefined when any of that no longer holds.
 */
export async function issueTokensIfUnchanged(
  ctx: IdentityContext,
  options: { userId: string; salt: string; clientId: string; spentHandle?: string },
): Promise<AuthenticationResult | undefined> {
  const originJti = randomUUID();
  const refreshToken = randomToken(48);
  const authTime = new Date();
  const scope = 'aws.cognito.signin.user.admin';
  const expiresAt = new Date(Date.now() + ctx.config.refreshTokenTtl * 1000);
  // The sign-in is recorded by the same statement (a data-modifying CTE), and only if it stood.
  const result = (await ctx.db.execute(sql`
    with issued as (
      insert into ${refreshTokens} (id, token_hash, user_id, client_id, scope, auth_time, auth_handle_hash, expires_at)
      select ${originJti}, ${hashToken(refreshToken)}, u.id, ${options.clientId}, ${scope}, ${authTime.toISOString()}::timestamptz,
             ${options.spentHandle ? hashToken(options.spentHandle) : null}, ${expiresAt.toISOString()}::timestamptz
      from ${users} u
      where u.id = ${options.userId} and u.enabled and u.status = 'CONFIRMED' and u.srp_salt = ${options.salt}
        and (u.locked_until is null or u.locked_until <= now())
        and not u.mfa_totp and not u.mfa_sms and not u.mfa_email
      on conflict do nothing
      returning user_id
    ), recorded as (
      insert into ${authEvents} (id, user_id, event_type, event_response, challenge_responses, address_class)
      select ${randomUUID()}, user_id, 'SignIn', 'Pass', ${JSON.stringify([outcome('Password', true)])}::jsonb,
             ${addressClass(ctx.request?.sourceIp)}
      from issued
    )
    select
      (select username from ${users} where id = ${options.userId}) as username,
      (select attributes from ${users} where id = ${options.userId}) as attributes,
      (select failed_sign_ins from ${users} where id = ${options.userId}) as failed,
      coalesce((select json_agg(group_name order by group_name) from ${userGroups} where user_id = ${options.userId}), '[]'::json) as groups
    from issued
  `)) as unknown as {
    rows: {
      username: string;
      attributes: Record<string, string> | string;
      failed: number;
      groups: string[] | string;
    }[];
  };
  const row = result.rows[0];
  if (!row) return undefined;
  if (row.failed > 0) {
    await ctx.db
      .update(users)
      .set({ failedSignIns: 0, lockedUntil: null })
      .where(eq(users.id, options.userId));
  }
  const attributes =
    typeof row.attributes === 'string'
      ? (JSON.parse(row.attributes) as Record<string, string>)
      : row.attributes;
  const groups = typeof row.groups === 'string' ? (JSON.parse(row.groups) as string[]) : row.groups;
  const { idToken, accessToken } = await ctx.tokens.issue({
    userId: options.userId,
    username: row.username,
    attributes,
    groups,
    clientId: options.clientId,
    scope,
    authTime: Math.floor(authTime.getTime() / 1000),
    originJti,
    eventId: randomUUID(),
  });
  return {
    AccessToken: accessToken,
    IdToken: idToken,
    RefreshToken: refreshToken,
    ExpiresIn: ctx.config.accessTokenTtl,
    TokenType: 'Bearer',
  };
}
