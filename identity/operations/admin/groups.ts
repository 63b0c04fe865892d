import { and, asc, eq } from 'drizzle-orm';
import type { IdentityContext } from '../../context.ts';
import { CognitoError, invalidParameter, resourceNotFound } from '../../errors.ts';
import { groups, userGroups, users } from '../../schema.ts';
import { requireString, type Input, type Operation } from '../common.ts';
import { groupType, page, requirePool, requireUser, userType, type GroupRow } from './shapes.ts';

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
