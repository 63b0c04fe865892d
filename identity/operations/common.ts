import { eq } from 'drizzle-orm';
import type { IdentityContext, RequestInfo } from '../context.ts';
import { safeEqual } from '../crypto/secrets.ts';
import {
  CognitoError,
  invalidParameter,
  messages,
  notAuthorized,
  resourceNotFound,
} from '../errors.ts';
import { refreshTokens } from '../schema.ts';
import { findUserById, findUserCounting, type User } from '../users.ts';

export type Input = Record<string, unknown>;
export type Output = Record<string, unknown>;
export type Operation = (
  ctx: IdentityContext,
  input: Input,
  request: RequestInfo,
) => Promise<Output>;

const camel = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

export function requireString(input: Input, name: string, max = 2048): string {
  const value = input[name];
  if (value === undefined || value === null) {
    throw invalidParameter(
      `1 validation error detected: Value null at '${camel(name)}' failed to satisfy constraint: Member must not be null`,
    );
  }
  if (typeof value !== 'string' || value.length === 0 || value.length > max) {
    throw invalidParameter(
      `1 validation error detected: Value at '${camel(name)}' failed to satisfy constraint: Member must have length between 1 and ${max}`,
    );
  }
  return value;
}

export function requireMap(input: Input, name: string): Record<string, string> {
  const value = input[name];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParameter(`1 validation error detected: Value at '${camel(name)}' must be a map`);
  }
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (typeof item === 'string') out[key] = item;
  }
  return out;
}

/** The app client must be ours. Cognito answers ResourceNotFoundException otherwise. */
export function requireClient(ctx: IdentityContext, input: Input): string {
  const clientId = requireString(input, 'ClientId', 128);
  if (!safeEqual(clientId, ctx.config.clientId)) {
    throw resourceNotFound(`User pool client ${clientId.slice(0, 128)} does not exist.`);
  }
  return clientId;
}

/**
 * Verifies an access token and that it is still live: user exists and is enabled, its refresh
 * family is not revoked, and no global sign-out happened after it was issued.
 */
export async function authenticate(
  ctx: IdentityContext,
  token: unknown,
): Promise<{ user: User; originJti: string }> {
  if (token === undefined || token === null) {
    throw invalidParameter(
      "1 validation error detected: Value null at 'accessToken' failed to satisfy constraint: Member must not be null",
    );
  }
  const claims = await ctx.tokens.verifyAccessToken(token);
  const user = await findUserById(ctx, claims.sub);
  if (!user) throw notAuthorized(messages.invalidAccessToken);
  if (!user.enabled) throw notAuthorized(messages.userDisabled);
  if (user.tokensValidAfter && claims.iat * 1000 < user.tokensValidAfter.getTime()) {
    throw notAuthorized(messages.accessTokenRevoked);
  }
  const [family] = await ctx.db
    .select({ revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, claims.origin_jti))
    .limit(1);
  if (family?.revokedAt) throw notAuthorized(messages.accessTokenRevoked);
  if (!claims.scope.split(' ').includes('aws.cognito.signin.user.admin')) {
    throw notAuthorized('Access Token does not have required scopes');
  }
  return { user, originJti: claims.origin_jti };
}

export const internalError = () =>
  new CognitoError('InternalErrorException', 'Internal server error.', 500);

/**
 * One count in the shared limiter (`limits/`) for a client address; past `limit`
 * in `windowSeconds`, Cognito's error for it as a 429 with `Retry-After`.
 */
async function limitPerAddress(
  ctx: IdentityContext,
  key: string,
  limit: number,
  windowSeconds: number,
  refusal: { code: string; message: string },
): Promise<void> {
  const verdict = await ctx.limiter.take(key, limit, windowSeconds);
  if (!verdict.allowed) {
    throw new CognitoError(refusal.code, refusal.message, 429, verdict.retryAfterSeconds);
  }
}

/**
 * Strangers' requests (sign-ups, code sends) per source address per hour; past the limit,
 * Cognito's 'Attempt limit exceeded'.
 */
export function limitAnonymousRequests(
  ctx: IdentityContext,
  bucket: 'signup' | 'codes',
  request: RequestInfo,
): Promise<void> {
  return limitPerAddress(
    ctx,
    `${bucket}:${request.sourceIp}`,
    ctx.limits.anonymousRequestsPerHour,
    3600,
    { code: 'LimitExceededException', message: messages.limitExceeded },
  );
}

const signInRefusal = { code: 'TooManyRequestsException', message: 'Rate exceeded' };
const signInCount = (ctx: IdentityContext) => ({
  key: `sign-in:${ctx.request?.sourceIp ?? 'unknown'}`,
  limit: ctx.limits.signInRequestsPerMinute,
  windowSeconds: 60,
});

/**
 * Sign-in requests per client address per minute (lock-out per user is separate); past the
 * limit, Cognito's 'Rate exceeded'.
 */
export function limitSignInRequests(ctx: IdentityContext): Promise<void> {
  const { key, limit, windowSeconds } = signInCount(ctx);
  return limitPerAddress(ctx, key, limit, windowSeconds, signInRefusal);
}

/**
 * `limitSignInRequests`, then `findUser(login)`: one statement when the limiter counts in the
 * identity database, so the commonest sign-in request costs one database trip.
 */
export async function findUserLimitingSignIn(
  ctx: IdentityContext,
  login: unknown,
): Promise<User | undefined> {
  const { user, verdict } = await findUserCounting(ctx, login, signInCount(ctx));
  if (!verdict.allowed) {
    throw new CognitoError(
      signInRefusal.code,
      signInRefusal.message,
      429,
      verdict.retryAfterSeconds,
    );
  }
  return user;
}
