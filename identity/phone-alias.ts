import { and, eq, sql } from 'drizzle-orm';
import type { IdentityContext } from './context.ts';
import { CognitoError } from './errors.ts';
import { users } from './schema.ts';

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
