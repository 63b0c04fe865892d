import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PasswordPolicy } from './config.ts';
import type { IdentityContext } from './context.ts';
import { hashToken, randomToken } from './crypto/secrets.ts';
import { CognitoError, invalidParameter } from './errors.ts';
import { refreshTokens, userGroups, users } from './schema.ts';
import { createVerifier, passwordMatches, type Verifier } from './srp.ts';

/** A user row; lookups also carry the user's groups, saving a query when tokens follow. */
export type User = typeof users.$inferSelect & { groups?: string[] };

const standardAttributes = new Set([
  'address',
  'birthdate',
  'email',
  'email_verified',
  'family_name',
  'gender',
  'given_name',
  'locale',
  'middle_name',
  'name',
  'nickname',
  'phone_number',
  'phone_number_verified',
  'picture',
  'preferred_username',
  'profile',
  'updated_at',
  'website',
  'zoneinfo',
]);

const emailPattern = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/;
const phonePattern = /^\+[1-9]\d{6,14}$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isEmail = (value: string) => emailPattern.test(value);
export const isPhone = (value: string) => phonePattern.test(value);

export interface AttributeInput {
  Name?: unknown;
  Value?: unknown;
}

/**
 * Validates `UserAttributes` as Cognito does and returns them as a map. `allowVerified` lets
 * administrators set `email_verified` and `phone_number_verified`.
 */
export function parseAttributes(list: unknown, allowVerified = false): Record<string, string> {
  if (list === undefined || list === null) return {};
  if (!Array.isArray(list) || list.length > 50) {
    throw invalidParameter(
      '1 validation error detected: UserAttributes must be a list of at most 50 attributes',
    );
  }
  const out: Record<string, string> = {};
  for (const item of list as AttributeInput[]) {
    const name = item?.Name;
    const value = item?.Value ?? '';
    if (typeof name !== 'string' || typeof value !== 'string' || value.length > 2048) {
      throw invalidParameter(
        "1 validation error detected: Value at 'userAttributes' failed to satisfy constraint",
      );
    }
    const isCustom = /^custom:[\w.-]{1,20}$/.test(name);
    if (!isCustom && !standardAttributes.has(name)) {
      throw invalidParameter(
        `Attributes did not conform to the schema: Type for attribute {${name}} could not be determined`,
      );
    }
    if (!allowVerified && (name === 'email_verified' || name === 'phone_number_verified')) {
      throw invalidParameter(`Cannot modify the non-mutable attribute ${name}`);
    }
    if (name === 'email' && value && !isEmail(value))
      throw invalidParameter('Invalid email address format.');
    if (name === 'phone_number' && value && !isPhone(value))
      throw invalidParameter('Invalid phone number format.');
    out[name] = name === 'email' ? value.trim().toLowerCase() : value;
  }
  return out;
}

export function attributeList(user: User): { Name: string; Value: string }[] {
  const attributes = { sub: user.id, ...user.attributes };
  return Object.entries(attributes).map(([Name, Value]) => ({ Name, Value }));
}

export function validatePassword(policy: PasswordPolicy, password: unknown): string {
  if (typeof password !== 'string' || password.length < 6) {
    throw invalidParameter(
      "1 validation error detected: Value at 'password' failed to satisfy constraint: Member must have length greater than or equal to 6",
    );
  }
  if (password.length > 256 || /^\s|\s$/.test(password)) {
    throw invalidParameter(
      "1 validation error detected: Value at 'password' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$",
    );
  }
  const fail = (reason: string) =>
    new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${reason}`);
  if (password.length < policy.minLength) throw fail('Password not long enough');
  if (policy.requireLowercase && !/[a-z]/.test(password))
    throw fail('Password must have lowercase characters');
  if (policy.requireUppercase && !/[A-Z]/.test(password))
    throw fail('Password must have uppercase characters');
  if (policy.requireNumbers && !/[0-9]/.test(password))
    throw fail('Password must have numeric characters');
  if (policy.requireSymbols && !/[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/.test(password)) {
    throw fail('Password must have symbol characters');
  }
  return password;
}

type Lookup = 'email' | 'phoneNumber' | 'id' | 'username';

// Sign-in reads a user on every request: prepared once per database handle.
const preparedLookups = new WeakMap<
  object,
  Record<Lookup, { execute(values: { value: string }): Promise<User[]> }>
>();

function lookups(ctx: IdentityContext) {
  let prepared = preparedLookups.get(ctx.db);
  if (!prepared) {
    const by = (column: Lookup) =>
      ctx.db
        .select({
          ...getTableColumns(users),
          groups: sql<
            string[]
          >`coalesce((select array_agg(${userGroups.groupName} order by ${userGroups.groupName}) from ${userGroups} where ${userGroups.userId} = ${users.id}), '{}'::text[])`,
        })
        .from(users)
        .where(eq(users[column], sql.placeholder('value')))
        .limit(1)
        .prepare(`identity_user_by_${column}`);
    prepared = {
      email: by('email'),
      phoneNumber: by('phoneNumber'),
      id: by('id'),
      username: by('username'),
    };
    preparedLookups.set(ctx.db, prepared);
  }
  return prepared;
}

/** Whether mobile numbers sign in at all: as a username attribute or as an alias. */
export function allowsPhoneSignIn(ctx: IdentityContext): boolean {
  return (
    ctx.config.usernameAttributes.includes('phone_number') ||
    ctx.config.aliasAttributes.includes('phone_number')
  );
}

/**
 * The value of the `phone_number` column: the number the user signs in with, or null. As with a
 * Cognito pool's alias attributes, a number signs in only once verified; the exception is an
 * account without an e-mail address, which signed up with its number as the username.
 */
export function phoneAliasOf(attributes: Record<string, string>): string | null {
  const phone = attributes.phone_number;
  if (!phone) return null;
  return attributes.phone_number_verified === 'true' || !attributes.email ? phone : null;
}

/**
 * Makes `phone` the sign-in alias of `userId`. Another account holding it as its alias loses it
 * (its number stays, unverified), as Cognito moves an alias to the account that verified it
 * last, unless that account has no e-mail address to sign in with: then AliasExistsException.
 */
export async function claimPhoneAlias(
  ctx: IdentityContext,
  userId: string,
  phone: string,
  { move }: { move: boolean },
): Promise<void> {
  const [other] = await ctx.db
    .select({ id: users.id, email: users.email, attributes: users.attributes })
    .from(users)
    .where(and(eq(users.phoneNumber, phone), sql`${users.id} <> ${userId}`))
    .limit(1);
  if (!other) return;
  if (!move || !other.email) {
    throw new CognitoError(
      'AliasExistsException',
      'An account with the given phone_number already exists.',
    );
  }
  await ctx.db
    .update(users)
    .set({
      phoneNumber: null,
      attributes: { ...other.attributes, phone_number_verified: 'false' },
    })
    .where(eq(users.id, other.id));
  ctx.logger.info(
    { userId, previousUserId: other.id },
    'identity: verified mobile number moved to another account',
  );
}

/**
 * Finds a user by internal username, sub, e-mail (any case) or phone number. A phone number finds
 * only the account it is the sign-in alias of (verified), and only when the pool signs in with
 * phone numbers; otherwise it is unknown, like any unknown user.
 */
export async function findUser(ctx: IdentityContext, login: unknown): Promise<User | undefined> {
  if (typeof login !== 'string' || login.length === 0 || login.length > 256) return undefined;
  const value = login.trim();
  const prepared = lookups(ctx);
  let rows: User[];
  if (value.includes('@')) rows = await prepared.email.execute({ value: value.toLowerCase() });
  else if (value.startsWith('+')) {
    if (!allowsPhoneSignIn(ctx)) return undefined;
    rows = await prepared.phoneNumber.execute({ value });
    // Rows written before numbers became aliases may hold an unverified number.
    rows = rows.filter((user) => phoneAliasOf(user.attributes) === value);
  } else if (uuidPattern.test(value))
    rows = await prepared.id.execute({ value: value.toLowerCase() });
  else rows = await prepared.username.execute({ value });
  return rows[0];
}

export async function findUserById(ctx: IdentityContext, id: string): Promise<User | undefined> {
  if (!uuidPattern.test(id)) return undefined;
  const [user] = await lookups(ctx).id.execute({ value: id });
  return user;
}

const preparedGroups = new WeakMap<
  object,
  { execute(values: { userId: string }): Promise<{ name: string }[]> }
>();

export async function groupsOf(ctx: IdentityContext, userId: string): Promise<string[]> {
  let prepared = preparedGroups.get(ctx.db);
  if (!prepared) {
    prepared = ctx.db
      .select({ name: userGroups.groupName })
      .from(userGroups)
      .where(eq(userGroups.userId, sql.placeholder('userId')))
      .orderBy(userGroups.groupName)
      .prepare('identity_groups_of_user');
    preparedGroups.set(ctx.db, prepared);
  }
  const rows = await prepared.execute({ userId });
  return rows.map((row) => row.name);
}

export function sealVerifier(ctx: IdentityContext, username: string, password: string) {
  const { salt, verifier } = createVerifier(ctx.config.poolName, username, password);
  return { srpSalt: salt, srpVerifier: ctx.secrets.encrypt(verifier) };
}

export function verifierOf(ctx: IdentityContext, user: User): Verifier | undefined {
  if (!user.srpSalt || !user.srpVerifier) return undefined;
  return { salt: user.srpSalt, verifier: ctx.secrets.decrypt(user.srpVerifier) };
}

export function maskDestination(medium: 'EMAIL' | 'SMS', value: string): string {
  if (medium === 'SMS') return `+${'*'.repeat(Math.max(value.length - 5, 1))}${value.slice(-4)}`;
  const [local = '', domain = ''] = value.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

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

export function passwordMatchesFor(ctx: IdentityContext, user: User, password: string): boolean {
  const stored = verifierOf(ctx, user);
  return stored ? passwordMatches(stored, ctx.config.poolName, user.username, password) : false;
}

/**
 * Starts a refresh family and signs tokens in one statement, but only while the user is enabled,
 * unlocked, confirmed, without MFA and still has the password whose salt is given, and only if
 * this secret block was not answered before. Undefined when any of that no longer holds.
 */
export async function issueTokensIfUnchanged(
  ctx: IdentityContext,
  options: { userId: string; salt: string; clientId: string; spentHandle: string },
): Promise<AuthenticationResult | undefined> {
  const originJti = randomUUID();
  const refreshToken = randomToken(48);
  const authTime = new Date();
  const scope = 'aws.cognito.signin.user.admin';
  const expiresAt = new Date(Date.now() + ctx.config.refreshTokenTtl * 1000);
  const result = (await ctx.db.execute(sql`
    insert into ${refreshTokens} (id, token_hash, user_id, client_id, scope, auth_time, auth_handle_hash, expires_at)
    select ${originJti}, ${hashToken(refreshToken)}, u.id, ${options.clientId}, ${scope}, ${authTime.toISOString()}::timestamptz,
           ${hashToken(options.spentHandle)}, ${expiresAt.toISOString()}::timestamptz
    from ${users} u
    where u.id = ${options.userId} and u.enabled and u.status = 'CONFIRMED' and u.srp_salt = ${options.salt}
      and (u.locked_until is null or u.locked_until <= now())
      and not u.mfa_totp and not u.mfa_sms and not u.mfa_email
    on conflict do nothing
    returning
      (select username from ${users} where id = ${options.userId}) as username,
      (select attributes from ${users} where id = ${options.userId}) as attributes,
      (select failed_sign_ins from ${users} where id = ${options.userId}) as failed,
      coalesce((select json_agg(group_name order by group_name) from ${userGroups} where user_id = ${options.userId}), '[]'::json) as groups
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
