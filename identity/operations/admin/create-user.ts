import { randomUUID } from 'node:crypto';
import { deliveryFor } from '../../codes.ts';
import { randomDigits } from '../../crypto/secrets.ts';
import { codeMessage } from '../../delivery/templates.ts';
import { CognitoError, invalidParameter } from '../../errors.ts';
import { users } from '../../schema.ts';
import { isEmail, isPhone, parseAttributes } from '../../attributes.ts';
import { sealVerifier, validatePassword } from '../../passwords.ts';
import { claimPhoneAlias, phoneAliasOf } from '../../phone-alias.ts';
import { findUser } from '../../users.ts';
import { requireString, type Operation } from '../common.ts';
import { requirePool, userType } from './shapes.ts';

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
