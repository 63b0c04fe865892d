import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { deliveryFor, sendCode } from '../codes.ts';
import type { IdentityContext } from '../context.ts';
import { randomDigits, safeEqual } from '../crypto/secrets.ts';
import { codeMessage } from '../delivery/templates.ts';
import { CognitoError, invalidParameter, resourceNotFound } from '../errors.ts';
import { groups, userGroups, users } from '../schema.ts';
import {
  attributeList,
  claimPhoneAlias,
  findUser,
  isEmail,
  isPhone,
  parseAttributes,
  phoneAliasOf,
  sealVerifier,
  signOutEverywhere,
  validatePassword,
  type User,
} from '../users.ts';
import { requireString, type Input, type Operation, type Output } from './common.ts';
import { mfaSettings } from './user.ts';

const seconds = (date: Date) => date.getTime() / 1000;

function requirePool(ctx: IdentityContext, input: Input) {
  const poolId = requireString(input, 'UserPoolId', 55);
  if (!safeEqual(poolId, ctx.config.userPoolId))
    throw resourceNotFound(`User pool ${poolId} does not exist.`);
}

async function requireUser(ctx: IdentityContext, input: Input): Promise<User> {
  requirePool(ctx, input);
  const user = await findUser(ctx, requireString(input, 'Username', 128));
  if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
  return user;
}

function userType(
  user: User,
  attributesKey: 'Attributes' | 'UserAttributes' = 'Attributes',
  only?: string[],
): Output {
  const attributes = attributeList(user).filter((item) => !only || only.includes(item.Name));
  return {
    Username: user.username,
    [attributesKey]: attributes,
    UserCreateDate: seconds(user.createdAt),
    UserLastModifiedDate: seconds(user.updatedAt),
    Enabled: user.enabled,
    UserStatus: user.status,
    MFAOptions: [],
  };
}

type GroupRow = typeof groups.$inferSelect;

function groupType(ctx: IdentityContext, group: GroupRow): Output {
  return {
    GroupName: group.name,
    UserPoolId: ctx.config.userPoolId,
    ...(group.description ? { Description: group.description } : {}),
    ...(group.precedence !== null ? { Precedence: group.precedence } : {}),
    CreationDate: seconds(group.createdAt),
    LastModifiedDate: seconds(group.updatedAt),
  };
}

/** A temporary password that satisfies any policy Cognito allows. */
function temporaryPassword(): string {
  return `Rst-${randomDigits(4)}${Buffer.from(randomUUID()).toString('base64url').slice(0, 8)}a!`;
}

export const adminCreateUser: Operation = async (ctx, input) => {
  requirePool(ctx, input);
  const username = requireString(input, 'Username', 128).trim();
  const attributes = parseAttributes(input.UserAttributes, true);
  if (isEmail(username) && ctx.config.usernameAttributes.includes('email'))
    attributes.email = username.toLowerCase();
  else if (isPhone(username) && ctx.config.usernameAttributes.includes('phone_number'))
    attributes.phone_number = username;
  else throw invalidParameter('Username should be an email.');
  if (await findUser(ctx, username))
    throw new CognitoError('UsernameExistsException', 'User account already exists');
  const password =
    input.TemporaryPassword === undefined
      ? temporaryPassword()
      : validatePassword(ctx.config.passwordPolicy, input.TemporaryPassword);
  if (attributes.email) attributes.email_verified ??= 'false';
  if (attributes.phone_number) attributes.phone_number_verified ??= 'false';
  const id = randomUUID();
  const phoneAlias = phoneAliasOf(attributes);
  if (phoneAlias)
    await claimPhoneAlias(ctx, id, phoneAlias, { move: input.ForceAliasCreation === true });
  const [user] = await ctx.db
    .insert(users)
    .values({
      id,
      username: id,
      email: attributes.email ?? null,
      phoneNumber: phoneAlias,
      attributes,
      status: 'FORCE_CHANGE_PASSWORD',
      ...sealVerifier(ctx, id, password),
    })
    .returning();
  if (input.MessageAction !== 'SUPPRESS') {
    const target = deliveryFor(user!);
    if (target) {
      await ctx.sendMessage(
        codeMessage(
          'temporary-password',
          target.medium === 'EMAIL' ? 'email' : 'sms',
          target.address,
          password,
        ),
      );
    }
  }
  return { User: userType(user!) };
};

export const adminGetUser: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  return { ...userType(user, 'UserAttributes'), ...mfaSettings(user) };
};

export const adminSetUserPassword: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  const password = validatePassword(ctx.config.passwordPolicy, input.Password);
  const isPermanent = input.Permanent === true;
  await ctx.db
    .update(users)
    .set({
      ...sealVerifier(ctx, user.username, password),
      status: isPermanent
        ? user.status === 'UNCONFIRMED'
          ? 'UNCONFIRMED'
          : 'CONFIRMED'
        : 'FORCE_CHANGE_PASSWORD',
      failedSignIns: 0,
      lockedUntil: null,
    })
    .where(eq(users.id, user.id));
  return {};
};

export const adminConfirmSignUp: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  if (user.status !== 'UNCONFIRMED') {
    throw new CognitoError(
      'NotAuthorizedException',
      `User cannot be confirmed. Current status is ${user.status}`,
    );
  }
  await ctx.db.update(users).set({ status: 'CONFIRMED' }).where(eq(users.id, user.id));
  return {};
};

export const adminUpdateUserAttributes: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  const changes = parseAttributes(input.UserAttributes, true);
  const attributes = { ...user.attributes, ...changes };
  // A changed number is unverified unless the same call says otherwise, as in Cognito.
  if (changes.phone_number && changes.phone_number !== user.attributes.phone_number)
    attributes.phone_number_verified = changes.phone_number_verified ?? 'false';
  const phoneAlias = phoneAliasOf(attributes);
  if (phoneAlias && phoneAlias !== user.phoneNumber)
    await claimPhoneAlias(ctx, user.id, phoneAlias, { move: input.ForceAliasCreation === true });
  await ctx.db
    .update(users)
    .set({
      attributes,
      email: attributes.email ?? null,
      phoneNumber: phoneAlias,
    })
    .where(eq(users.id, user.id));
  return {};
};

export const adminDisableUser: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  await ctx.db.update(users).set({ enabled: false }).where(eq(users.id, user.id));
  await signOutEverywhere(ctx, user.id);
  return {};
};

export const adminEnableUser: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  await ctx.db.update(users).set({ enabled: true }).where(eq(users.id, user.id));
  return {};
};

export const adminDeleteUser: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  await ctx.db.delete(users).where(eq(users.id, user.id));
  return {};
};

export const adminResetUserPassword: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  await ctx.db.update(users).set({ status: 'RESET_REQUIRED' }).where(eq(users.id, user.id));
  await signOutEverywhere(ctx, user.id);
  const target = deliveryFor(user);
  if (target) await sendCode(ctx, user, 'reset-password', target);
  return {};
};

export const adminUserGlobalSignOut: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  await signOutEverywhere(ctx, user.id);
  return {};
};

function groupName(input: Input): string {
  const name = requireString(input, 'GroupName', 128);
  if (!/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u.test(name)) {
    throw invalidParameter(
      "1 validation error detected: Value at 'groupName' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}]+",
    );
  }
  return name;
}

async function requireGroup(ctx: IdentityContext, name: string): Promise<GroupRow> {
  const [group] = await ctx.db.select().from(groups).where(eq(groups.name, name)).limit(1);
  if (!group) throw resourceNotFound('Group not found.');
  return group;
}

export const createGroup: Operation = async (ctx, input) => {
  requirePool(ctx, input);
  const name = groupName(input);
  const description =
    typeof input.Description === 'string' ? input.Description.slice(0, 2048) : null;
  const precedence =
    typeof input.Precedence === 'number' ? Math.max(0, Math.floor(input.Precedence)) : null;
  const [group] = await ctx.db
    .insert(groups)
    .values({ name, description, precedence })
    .onConflictDoNothing()
    .returning();
  if (!group)
    throw new CognitoError('GroupExistsException', 'A group with the name already exists.');
  return { Group: groupType(ctx, group) };
};

export const getGroup: Operation = async (ctx, input) => {
  requirePool(ctx, input);
  return { Group: groupType(ctx, await requireGroup(ctx, groupName(input))) };
};

export const deleteGroup: Operation = async (ctx, input) => {
  requirePool(ctx, input);
  const group = await requireGroup(ctx, groupName(input));
  await ctx.db.delete(groups).where(eq(groups.name, group.name));
  return {};
};

function page(input: Input, tokenField: 'NextToken' | 'PaginationToken', max = 60) {
  const limit =
    typeof input.Limit === 'number' ? Math.min(Math.max(Math.floor(input.Limit), 1), max) : max;
  const token = input[tokenField];
  let offset = 0;
  if (token !== undefined) {
    const parsed =
      typeof token === 'string' ? Number(Buffer.from(token, 'base64url').toString('utf8')) : NaN;
    if (!Number.isInteger(parsed) || parsed < 0)
      throw invalidParameter('Invalid pagination token.');
    offset = parsed;
  }
  const next = (rows: number) =>
    rows > limit ? { [tokenField]: Buffer.from(String(offset + limit)).toString('base64url') } : {};
  return { limit, offset, next };
}

export const listGroups: Operation = async (ctx, input) => {
  requirePool(ctx, input);
  const { limit, offset, next } = page(input, 'NextToken');
  const rows = await ctx.db
    .select()
    .from(groups)
    .orderBy(asc(groups.name))
    .limit(limit + 1)
    .offset(offset);
  return {
    Groups: rows.slice(0, limit).map((group) => groupType(ctx, group)),
    ...next(rows.length),
  };
};

export const adminAddUserToGroup: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  const group = await requireGroup(ctx, groupName(input));
  await ctx.db
    .insert(userGroups)
    .values({ userId: user.id, groupName: group.name })
    .onConflictDoNothing();
  return {};
};

export const adminRemoveUserFromGroup: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  const group = await requireGroup(ctx, groupName(input));
  await ctx.db
    .delete(userGroups)
    .where(and(eq(userGroups.userId, user.id), eq(userGroups.groupName, group.name)));
  return {};
};

export const adminListGroupsForUser: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  const { limit, offset, next } = page(input, 'NextToken');
  const rows = await ctx.db
    .select({ group: groups })
    .from(userGroups)
    .innerJoin(groups, eq(groups.name, userGroups.groupName))
    .where(eq(userGroups.userId, user.id))
    .orderBy(asc(groups.name))
    .limit(limit + 1)
    .offset(offset);
  return {
    Groups: rows.slice(0, limit).map((row) => groupType(ctx, row.group)),
    ...next(rows.length),
  };
};

export const listUsersInGroup: Operation = async (ctx, input) => {
  requirePool(ctx, input);
  const group = await requireGroup(ctx, groupName(input));
  const { limit, offset, next } = page(input, 'NextToken');
  const rows = await ctx.db
    .select({ user: users })
    .from(userGroups)
    .innerJoin(users, eq(users.id, userGroups.userId))
    .where(eq(userGroups.groupName, group.name))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(limit + 1)
    .offset(offset);
  return { Users: rows.slice(0, limit).map((row) => userType(row.user)), ...next(rows.length) };
};

const filterable = new Set([
  'username',
  'email',
  'phone_number',
  'name',
  'given_name',
  'family_name',
  'preferred_username',
  'cognito:user_status',
  'status',
  'sub',
]);

/** Cognito's ListUsers filter: `attribute = "value"` or `attribute ^= "prefix"`. */
export function parseFilter(filter: string): SQL | undefined {
  if (!filter.trim()) return undefined;
  const match = /^\s*([\w:]+)\s*(=|\^=)\s*"((?:[^"\\]|\\.)*)"\s*$/.exec(filter);
  if (!match || !filterable.has(match[1]!)) throw invalidParameter('Invalid search filter.');
  const [, attribute, operator, raw] = match;
  const value = raw!.replace(/\\(.)/g, '$1');
  const column: SQL =
    attribute === 'username'
      ? sql`${users.username}`
      : attribute === 'sub'
        ? sql`${users.id}::text`
        : attribute === 'cognito:user_status'
          ? sql`${users.status}`
          : attribute === 'status'
            ? sql`case when ${users.enabled} then 'Enabled' else 'Disabled' end`
            : sql`${users.attributes} ->> ${attribute}`;
  if (operator === '=') return sql`${column} = ${value}`;
  const escaped = value.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`${column} like ${`${escaped}%`}`;
}

export const listUsers: Operation = async (ctx, input) => {
  requirePool(ctx, input);
  const where = typeof input.Filter === 'string' ? parseFilter(input.Filter) : undefined;
  const { limit, offset, next } = page(input, 'PaginationToken');
  const only = Array.isArray(input.AttributesToGet)
    ? (input.AttributesToGet as string[])
    : undefined;
  const rows = await ctx.db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(limit + 1)
    .offset(offset);
  return {
    Users: rows.slice(0, limit).map((user) => userType(user, 'Attributes', only)),
    ...next(rows.length),
  };
};

export const describeUserPool: Operation = async (ctx, input) => {
  requirePool(ctx, input);
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(users);
  return {
    UserPool: {
      Id: ctx.config.userPoolId,
      Name: ctx.config.poolName,
      EstimatedNumberOfUsers: total,
      UsernameAttributes: ctx.config.usernameAttributes,
      MfaConfiguration: ctx.config.mfa.toUpperCase(),
    },
  };
};
