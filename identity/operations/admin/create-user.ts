import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { deliveryFor } from '../../codes.ts';
import { randomDigits } from '../../crypto/secrets.ts';
import { codeMessage } from '../../delivery/templates.ts';
import { CognitoError, invalidParameter } from '../../errors.ts';
import { users } from '../../schema.ts';
import { isEmail, isPhone, parseAttributes } from '../../attributes.ts';
import { sealVerifier, validatePassword } from '../../passwords.ts';
import { claimPhoneAlias, phoneAliasOf } from '../../phone-alias.ts';
import { findUser } from '../../users.ts';
import type { IdentityContext } from '../../context.ts';
import type { User } from '../../users.ts';
import { requireString, type Input, type Operation } from '../common.ts';
import { requirePool, userType } from './shapes.ts';

/** A temporary password that satisfies any policy Cognito allows. */
function temporaryPassword(): string {
  return `Rst-${randomDigits(4)}${Buffer.from(randomUUID()).toString('base64url').slice(0, 8)}a!`;
}

async function sendTemporaryPassword(ctx: IdentityContext, user: User, password: string) {
  const target = deliveryFor(user);
  if (!target) return;
  await ctx.sendMessage(
    codeMessage(
      'temporary-password',
      target.medium === 'EMAIL' ? 'email' : 'sms',
      target.address,
      password,
    ),
  );
}

function temporaryPasswordFrom(ctx: IdentityContext, input: Input): string {
  return input.TemporaryPassword === undefined
    ? temporaryPassword()
    : validatePassword(ctx.config.passwordPolicy, input.TemporaryPassword);
}

/**
 * MessageAction RESEND: a new temporary password for an invited user who has not signed in yet
 * (FORCE_CHANGE_PASSWORD), sent again; the user's attributes are left as they are.
 */
async function resendInvitation(ctx: IdentityContext, input: Input, username: string) {
  const user = await findUser(ctx, username);
  if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
  if (user.status !== 'FORCE_CHANGE_PASSWORD') {
    throw new CognitoError(
      'UnsupportedUserStateException',
      `Resend not possible. ${user.username} status is not FORCE_CHANGE_PASSWORD`,
    );
  }
  const password = temporaryPasswordFrom(ctx, input);
  const [updated] = await ctx.db
    .update(users)
    .set({ ...sealVerifier(ctx, user.username, password), failedSignIns: 0, lockedUntil: null })
    .where(eq(users.id, user.id))
    .returning();
  await sendTemporaryPassword(ctx, updated!, password);
  return { User: userType(updated!) };
}

export const adminCreateUser: Operation = async (ctx, input) => {
  requirePool(ctx, input);
  const username = requireString(input, 'Username', 128).trim();
  if (input.MessageAction === 'RESEND') return resendInvitation(ctx, input, username);
  const attributes = parseAttributes(input.UserAttributes, true);
  if (isEmail(username) && ctx.config.usernameAttributes.includes('email'))
    attributes.email = username.toLowerCase();
  else if (isPhone(username) && ctx.config.usernameAttributes.includes('phone_number'))
    attributes.phone_number = username;
  else throw invalidParameter('Username should be an email.');
  if (await findUser(ctx, username))
    throw new CognitoError('UsernameExistsException', 'User account already exists');
  const password = temporaryPasswordFrom(ctx, input);
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
  if (input.MessageAction !== 'SUPPRESS') await sendTemporaryPassword(ctx, user!, password);
  return { User: userType(user!) };
};
