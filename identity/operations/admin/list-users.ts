import { asc, count, sql, type SQL } from 'drizzle-orm';
import { invalidParameter } from '../../errors.ts';
import { users } from '../../schema.ts';
import type { Operation } from '../common.ts';
import { page, requirePool, userType } from './shapes.ts';

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

/**
 * Cognito's ListUsers filter: `attribute = "value"` or `attribute ^= "prefix"`. As in Cognito,
 * `username` and `status` (Enabled / Disabled) match case-sensitively and `cognito:user_status`
 * does not; e-mail addresses are kept in lower case, so an address matches however it is typed.
 */
export function parseFilter(filter: string): SQL | undefined {
  if (!filter.trim()) return undefined;
  const match = /^\s*([\w:]+)\s*(=|\^=)\s*"((?:[^"\\]|\\.)*)"\s*$/.exec(filter);
  if (!match || !filterable.has(match[1]!)) throw invalidParameter('Invalid search filter.');
  const [, attribute, operator, raw] = match;
  const unescaped = raw!.replace(/\\(.)/g, '$1');
  const value =
    attribute === 'cognito:user_status'
      ? unescaped.toUpperCase()
      : attribute === 'email'
        ? unescaped.toLowerCase()
        : unescaped;
  const column: SQL =
    attribute === 'username'
      ? sql`${users.username}`
      : attribute === 'sub'
        ? sql`${users.id}::text`
        : attribute === 'cognito:user_status'
          ? sql`upper(${users.status})`
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
