import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { checkCode, deliveryFor, sendCode } from '../codes.ts';
import { CognitoError, invalidParameter, notAuthorized } from '../errors.ts';
import { users } from '../schema.ts';
import { isEmail, isPhone, parseAttributes } from '../attributes.ts';
import { maskDestination } from '../codes.ts';
import { sealVerifier, validatePassword } from '../passwords.ts';
import { phoneAliasOf } from '../phone-alias.ts';
import { findUser } from '../users.ts';
import { limitCodeSendsTo, recordStandInCodeSent, rejectStandInCode } from '../stand-ins.ts';
import { limitAnonymousRequests, requireClient, requireString, type Operation } from './common.ts';

/**
 * Cognito's answer for an unknown user when it must not reveal that (PreventUserExistenceErrors):
 * masked exactly as a real destination would be, so the two cannot be told apart.
 */
function fakeDelivery(username: string) {
  const value = username.trim();
  const isPhoneLogin = value.startsWith('+');
  return {
    CodeDeliveryDetails: isPhoneLogin
      ? {
          Destination: maskDestination('SMS', value),
          DeliveryMedium: 'SMS',
          AttributeName: 'phone_number',
        }
      : {
          Destination: maskDestination(
            'EMAIL',
            value.includes('@') ? value.toLowerCase() : `${value}@e`,
          ),
          DeliveryMedium: 'EMAIL',
          AttributeName: 'email',
        },
  };
}

export const signUp: Operation = async (ctx, input, request) => {
  const clientId = requireClient(ctx, input);
  const username = requireString(input, 'Username', 128).trim();
  const password = validatePassword(ctx.config.passwordPolicy, input.Password);
  const attributes = parseAttributes(input.UserAttributes);
  const allowsEmail = ctx.config.usernameAttributes.includes('email');
  const allowsPhone = ctx.config.usernameAttributes.includes('phone_number');
  if (isEmail(username) && allowsEmail) {
    if (attributes.email && attributes.email !== username.toLowerCase()) {
      throw invalidParameter('Email attribute must match the username.');
    }
    attributes.email = username.toLowerCase();
  } else if (isPhone(username) && allowsPhone) {
    attributes.phone_number = username;
  } else {
    throw invalidParameter(
      allowsEmail ? 'Username should be an email.' : 'Username should be a phone number.',
    );
  }
  await limitAnonymousRequests(ctx, 'signup', request);
  if (await findUser(ctx, username)) {
    throw new CognitoError(
      'UsernameExistsException',
      attributes.email
        ? 'An account with the given email already exists.'
        : 'An account with the given phone_number already exists.',
    );
  }
  if (attributes.email) attributes.email_verified = 'false';
  if (attributes.phone_number) attributes.phone_number_verified = 'false';
  const id = randomUUID();
  const inserted = await ctx.db
    .insert(users)
    .values({
      id,
      username: id,
      email: attributes.email ?? null,
      phoneNumber: phoneAliasOf(attributes),
      attributes,
      status: 'UNCONFIRMED',
      ...sealVerifier(ctx, id, password),
    })
    .onConflictDoNothing()
    .returning();
  const user = inserted[0];
  if (!user) {
    throw new CognitoError(
      'UsernameExistsException',
      'An account with the given email already exists.',
    );
  }
  const target = deliveryFor(user)!;
  const details = await sendCode(ctx, user, 'sign-up', target);
  ctx.logger.info({ userId: id, clientId }, 'identity: user signed up');
  return { UserConfirmed: false, UserSub: id, CodeDeliveryDetails: details };
};

export const confirmSignUp: Operation = async (ctx, input) => {
  requireClient(ctx, input);
  const username = requireString(input, 'Username', 128);
  const code = requireString(input, 'ConfirmationCode', 2048);
  const user = await findUser(ctx, username);
  // Cognito says nothing of a missing user here: as if a sign-up had sent a code.
  if (!user) return rejectStandInCode(ctx, 'sign-up', username, { isCodePending: true });
  if (user.status !== 'UNCONFIRMED') {
    throw notAuthorized(`User cannot be confirmed. Current status is ${user.status}`);
  }
  await checkCode(ctx, user, 'sign-up', code);
  const attributes = { ...user.attributes };
  if (attributes.email) attributes.email_verified = 'true';
  else if (attributes.phone_number) attributes.phone_number_verified = 'true';
  await ctx.db
    .update(users)
    .set({ status: 'CONFIRMED', attributes, phoneNumber: phoneAliasOf(attributes) })
    .where(eq(users.id, user.id));
  return {};
};

export const resendConfirmationCode: Operation = async (ctx, input, request) => {
  requireClient(ctx, input);
  const username = requireString(input, 'Username', 128);
  await limitAnonymousRequests(ctx, 'codes', request);
  await limitCodeSendsTo(ctx, 'sign-up', username);
  const user = await findUser(ctx, username);
  if (!user) {
    await recordStandInCodeSent(ctx, 'sign-up', username);
    return fakeDelivery(username);
  }
  if (user.status !== 'UNCONFIRMED') throw invalidParameter('User is already confirmed.');
  const target = deliveryFor(user);
  if (!target) return fakeDelivery(username);
  return { CodeDeliveryDetails: await sendCode(ctx, user, 'sign-up', target) };
};

export { fakeDelivery };
