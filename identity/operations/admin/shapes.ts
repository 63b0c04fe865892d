import { CognitoError, invalidParameter, resourceNotFound } from '../../errors.ts';
import type { IdentityContext } from '../../context.ts';
import { safeEqual } from '../../crypto/secrets.ts';
import type { groups } from '../../schema.ts';
import { attributeList } from '../../attributes.ts';
import { findUser, type User } from '../../users.ts';
import { requireString, type Input, type Output } from '../common.ts';

/** Cognito's JSON dates: epoch seconds. */
export const seconds = (date: Date) => date.getTime() / 1000;

export function requirePool(ctx: IdentityContext, input: Input) {
  const poolId = requireString(input, 'UserPoolId', 55);
  if (!safeEqual(poolId, ctx.config.userPoolId))
    throw resourceNotFound(`User pool ${poolId} does not exist.`);
}

export async function requireUser(ctx: IdentityContext, input: Input): Promise<User> {
  requirePool(ctx, input);
  const user = await findUser(ctx, requireString(input, 'Username', 128));
  if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
  return user;
}

/** Cognito's UserType (AdminGetUser names the attribute list `UserAttributes`). */
export function userType(
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

export type GroupRow = typeof groups.$inferSelect;

export function groupType(ctx: IdentityContext, group: GroupRow): Output {
  return {
    GroupName: group.name,
    UserPoolId: ctx.config.userPoolId,
    ...(group.description ? { Description: group.description } : {}),
    ...(group.precedence !== null ? { Precedence: group.precedence } : {}),
    CreationDate: seconds(group.createdAt),
    LastModifiedDate: seconds(group.updatedAt),
  };
}

/**
 * `Limit` (or `MaxResults`, where 0 means the default) and an opaque offset token; `next` adds
 * the token when another page follows.
 */
export function page(
  input: Input,
  tokenField: 'NextToken' | 'PaginationToken',
  max = 60,
  limitField: 'Limit' | 'MaxResults' = 'Limit',
) {
  const asked = input[limitField];
  const limit =
    typeof asked === 'number' && asked !== 0 ? Math.min(Math.max(Math.floor(asked), 1), max) : max;
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
