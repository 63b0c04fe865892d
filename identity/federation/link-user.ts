import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { IdentityContext } from '../context.ts';
import { federatedIdentities, users } from '../schema.ts';
import { findUser, findUserById, type User } from '../users.ts';
import type { FederatedProfile } from './providers.ts';

/** The `identities` claim Cognito puts in a federated user's ID token. */
export async function identitiesOf(ctx: IdentityContext, userId: string) {
  const rows = await ctx.db
    .select()
    .from(federatedIdentities)
    .where(eq(federatedIdentities.userId, userId));
  return rows.map((row) => ({
    userId: row.providerUserId,
    providerName: row.provider,
    providerType: row.provider,
    issuer: null,
    primary: 'true',
    dateCreated: String(row.createdAt.getTime()),
  }));
}

/**
 * The user behind a social sign-in: the one already linked to this provider account; otherwise an
 * existing user with the same *verified* e-mail address, now linked; otherwise a new user named
 * `<Provider>_<subject>` as Cognito names them.
 */
export async function userForProfile(
  ctx: IdentityContext,
  profile: FederatedProfile,
): Promise<User> {
  const [link] = await ctx.db
    .select({ userId: federatedIdentities.userId })
    .from(federatedIdentities)
    .where(
      and(
        eq(federatedIdentities.provider, profile.provider),
        eq(federatedIdentities.providerUserId, profile.subject),
      ),
    )
    .limit(1);
  if (link) {
    const user = await findUserById(ctx, link.userId);
    if (user) return user;
  }
  const existing =
    profile.isEmailVerified && profile.email ? await findUser(ctx, profile.email) : undefined;
  if (existing && existing.attributes.email_verified === 'true') {
    await ctx.db
      .insert(federatedIdentities)
      .values({ provider: profile.provider, providerUserId: profile.subject, userId: existing.id })
      .onConflictDoNothing();
    return existing;
  }
  const id = randomUUID();
  // An unverified or already-taken e-mail is kept as an attribute but not as a sign-in alias.
  const isAliasFree = profile.email && profile.isEmailVerified && !existing;
  const attributes: Record<string, string> = {
    ...profile.attributes,
    ...(profile.email
      ? { email: profile.email, email_verified: String(Boolean(isAliasFree)) }
      : {}),
  };
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        id,
        username: `${profile.provider}_${profile.subject}`,
        email: isAliasFree ? profile.email! : null,
        attributes,
        status: 'EXTERNAL_PROVIDER',
      })
      .returning();
    await tx
      .insert(federatedIdentities)
      .values({ provider: profile.provider, providerUserId: profile.subject, userId: id });
    return user!;
  });
}
