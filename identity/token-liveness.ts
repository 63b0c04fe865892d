import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { preparedOnce } from '../db/prepared-once.ts';
import { refreshTokens, users } from './schema.ts';

/** The claims of a verified ID or access token that say which sign-in it belongs to. */
export interface TokenSignIn {
  sub?: unknown;
  origin_jti?: unknown;
  iat?: unknown;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Prepared = {
  execute(values: { sub: string; originJti: string }): Promise<
    {
      enabled: boolean;
      tokensValidAfter: Date | null;
      familyId: string | null;
      revokedAt: Date | null;
    }[]
  >;
};
const lookup = preparedOnce((db): Prepared =>
  db
    .select({
      enabled: users.enabled,
      tokensValidAfter: users.tokensValidAfter,
      familyId: refreshTokens.id,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(users)
    .leftJoin(
      refreshTokens,
      and(eq(refreshTokens.id, sql.placeholder('originJti')), eq(refreshTokens.userId, users.id)),
    )
    .where(eq(users.id, sql.placeholder('sub')))
    .limit(1)
    .prepare('identity_token_liveness'),
);

/**
 * Whether the sign-in behind a token whose signature and expiry were already checked still
 * stands, as Cognito's own APIs judge an access token: the user exists and is enabled, its
 * refresh-token family (`origin_jti`) was not revoked (RevokeToken, sign-out, disabling), and no
 * global sign-out came after the token was issued. One indexed read.
 */
export async function isSignInLive(db: Database, claims: TokenSignIn): Promise<boolean> {
  const { sub, origin_jti: originJti, iat } = claims;
  if (typeof sub !== 'string' || !uuidPattern.test(sub)) return false;
  if (typeof originJti !== 'string' || !uuidPattern.test(originJti)) return false;
  if (typeof iat !== 'number') return false;
  const [row] = await lookup(db).execute({ sub, originJti });
  if (!row?.enabled || !row.familyId || row.revokedAt) return false;
  return !row.tokensValidAfter || iat * 1000 >= row.tokensValidAfter.getTime();
}
