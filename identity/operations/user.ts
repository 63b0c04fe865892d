import { and, eq, ne } from 'drizzle-orm';
import { checkCode, sendCode, verifiedDeliveryFor, type CodeDeliveryDetails } from '../codes.ts';
import {
  CognitoError,
  incorrectCredentials,
  invalidParameter,
  limitExceeded,
  notAuthorized,
} from '../errors.ts';
import { takeToken } from '../../limits/index.ts';
import { consumeSession, createSession } from '../sessions.ts';
import { users } from '../schema.ts';
import { limitCodeSendsTo, recordStandInCodeSent, rejectStandInCode } from '../stand-ins.ts';
import { changePasswordLimitKey, deleteUserEntirely } from './delete-user.ts';
import { generateTotpSecret, matchTotp } from '../totp.ts';
import { attributeList, parseAttributes } from '../attributes.ts';
import { passwordMatchesFor, sealVerifier, validatePassword } from '../passwords.ts';
import { claimPhoneAlias, phoneAliasOf } from '../phone-alias.ts';
import { findUser, type User } from '../users.ts';
import {
  authenticate,
  limitAnonymousRequests,
  requireClient,
  requireString,
  type Operation,
} from './common.ts';
import { fakeDelivery } from './sign-up.ts';
import { applyMfaPreference, mfaSettings } from '../mfa-settings.ts';
import type { IdentityContext } from '../context.ts';

export const getUser: Operation = async (ctx, input) => {
  const { user } = await authenticate(ctx, input.AccessToken);
  return {
    Username: user.username,
    UserAttributes: attributeList(user),
    MFAOptions: [],
    ...mfaSettings(user),
  };
};

/** The e-mail address is the username attribute: unique from the moment it is set. */
async function assertEmailFree(ctx: IdentityContext, user: User, value: string) {
  const [other] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, value), ne(users.id, user.id)))
    .limit(1);
  if (other) {
    throw new CognitoError(
      'AliasExistsException',
      'An account with the given email already exists.',
    );
  }
}

export const updateUserAttributes: Operation = async (ctx, input) => {
  const { user } = await authenticate(ctx, input.AccessToken);
  const changes = parseAttributes(input.UserAttributes);
  const attributes = { ...user.attributes };
  const toVerify: ('email' | 'phone_number')[] = [];
  for (const [name, value] of Object.entries(changes)) {
    if (name === 'email' || name === 'phone_number') {
      if (value === attributes[name]) continue;
      if (!value) throw invalidParameter(`Cannot remove ${name} with UpdateUserAttributes.`);
      if (name === 'email') await assertEmailFree(ctx, user, value);
      attributes[`${name}_verified`] = 'false';
      toVerify.push(name);
    }
    attributes[name] = value;
  }
  // A new number signs in only once verified (VerifyUserAttribute), so two accounts may hold the
  // same unverified number; an account without an e-mail address signs in with its number at once.
  const phoneAlias = phoneAliasOf(attributes);
  if (phoneAlias && phoneAlias !== user.phoneNumber)
    await claimPhoneAlias(ctx, user.id, phoneAlias, { move: false });
  const [updated] = await ctx.db
    .update(users)
    .set({
      attributes,
      email: attributes.email ?? null,
      phoneNumber: phoneAlias,
    })
    .where(eq(users.id, user.id))
    .returning();
  const details: CodeDeliveryDetails[] = [];
  for (const name of toVerify) {
    const target = {
      medium: name === 'email' ? 'EMAIL' : 'SMS',
      attribute: name,
      address: attributes[name]!,
    } as const;
    details.push(
      await sendCode(ctx, updated!, name === 'email' ? 'verify-email' : 'verify-phone', target),
    );
  }
  return { CodeDeliveryDetailsList: details };
};

function verifiableAttribute(input: Record<string, unknown>): 'email' | 'phone_number' {
  const name = requireString(input, 'AttributeName', 32);
  if (name !== 'email' && name !== 'phone_number')
    throw invalidParameter(`Invalid attribute name ${name.slice(0, 32)} for verification.`);
  return name;
}

export const getUserAttributeVerificationCode: Operation = async (ctx, input) => {
  const { user } = await authenticate(ctx, input.AccessToken);
  const name = verifiableAttribute(input);
  const address = user.attributes[name];
  if (!address) throw invalidParameter(`User does not have the attribute ${name}.`);
  const target = { medium: name === 'email' ? 'EMAIL' : 'SMS', attribute: name, address } as const;
  return {
    CodeDeliveryDetails: await sendCode(
      ctx,
      user,
      name === 'email' ? 'verify-email' : 'verify-phone',
      target,
    ),
  };
};

export const verifyUserAttribute: Operation = async (ctx, input) => {
  const { user } = await authenticate(ctx, input.AccessToken);
  const name = verifiableAttribute(input);
  const code = requireString(input, 'Code', 2048);
  await checkCode(ctx, user, name === 'email' ? 'verify-email' : 'verify-phone', code);
  const attributes = { ...user.attributes, [`${name}_verified`]: 'true' };
  const phoneAlias = phoneAliasOf(attributes);
  // The number has just been proved: it moves here from any account that verified it before.
  if (phoneAlias && phoneAlias !== user.phoneNumber)
    await claimPhoneAlias(ctx, user.id, phoneAlias, { move: true });
  await ctx.db
    .update(users)
    .set({ attributes, phoneNumber: phoneAlias })
    .where(eq(users.id, user.id));
  return {};
};

export const deleteUserAttributes: Operation = async (ctx, input) => {
  const { user } = await authenticate(ctx, input.AccessToken);
  const names = input.UserAttributeNames;
  if (!Array.isArray(names) || names.some((name) => typeof name !== 'string')) {
    throw invalidParameter(
      "1 validation error detected: Value null at 'userAttributeNames' failed to satisfy constraint: Member must not be null",
    );
  }
  const attributes = { ...user.attributes };
  for (const name of names as string[]) {
    if (name === 'email' || name === 'phone_number' || name === 'sub') {
      throw invalidParameter(`Cannot delete the required attribute ${name}.`);
    }
    delete attributes[name];
  }
  await ctx.db.update(users).set({ attributes }).where(eq(users.id, user.id));
  return {};
};

export const changePassword: Operation = async (ctx, input) => {
  const { user } = await authenticate(ctx, input.AccessToken);
  const previous = requireString(input, 'PreviousPassword', 256);
  const proposed = validatePassword(ctx.config.passwordPolicy, input.ProposedPassword);
  if (!(await takeToken(ctx.limiter, changePasswordLimitKey(user.id), 10, 3600)))
    throw limitExceeded();
  if (!passwordMatchesFor(ctx, user, previous)) throw incorrectCredentials();
  await ctx.db
    .update(users)
    .set(sealVerifier(ctx, user.username, proposed))
    .where(eq(users.id, user.id));
  return {};
};

export const deleteUser: Operation = async (ctx, input) => {
  const { user } = await authenticate(ctx, input.AccessToken);
  await deleteUserEntirely(ctx, user);
  return {};
};

export const forgotPassword: Operation = async (ctx, input, request) => {
  requireClient(ctx, input);
  const username = requireString(input, 'Username', 128);
  await limitAnonymousRequests(ctx, 'codes', request);
  await limitCodeSendsTo(ctx, 'reset-password', username);
  const user = await findUser(ctx, username);
  if (!user) {
    await recordStandInCodeSent(ctx, 'reset-password', username);
    return fakeDelivery(username);
  }
  if (!user.enabled) throw notAuthorized('User is disabled.');
  if (user.status === 'FORCE_CHANGE_PASSWORD')
    throw notAuthorized('User password cannot be reset in the current state.');
  const target = verifiedDeliveryFor(user);
  if (!target) {
    throw invalidParameter(
      'Cannot reset password for the user as there is no registered/verified email or phone_number',
    );
  }
  return { CodeDeliveryDetails: await sendCode(ctx, user, 'reset-password', target) };
};

export const confirmForgotPassword: Operation = async (ctx, input) => {
  requireClient(ctx, input);
  const username = requireString(input, 'Username', 128);
  const code = requireString(input, 'ConfirmationCode', 2048);
  const password = validatePassword(ctx.config.passwordPolicy, input.Password);
  const user = await findUser(ctx, username);
  if (!user) return rejectStandInCode(ctx, 'reset-password', username);
  await checkCode(ctx, user, 'reset-password', code);
  await ctx.db
    .update(users)
    .set({
      ...sealVerifier(ctx, user.username, password),
      status: user.status === 'RESET_REQUIRED' ? 'CONFIRMED' : user.status,
      failedSignIns: 0,
      lockedUntil: null,
    })
    .where(eq(users.id, user.id));
  return {};
};

async function userFromTokenOrSession(ctx: IdentityContext, input: Record<string, unknown>) {
  if (input.AccessToken !== undefined) {
    const { user } = await authenticate(ctx, input.AccessToken);
    return { user, session: undefined };
  }
  const state = await consumeSession(ctx, input.Session);
  if (state.challenge !== 'MFA_SETUP' || !state.userId)
    throw notAuthorized('Invalid session for the user.');
  const [user] = await ctx.db.select().from(users).where(eq(users.id, state.userId)).limit(1);
  if (!user) throw notAuthorized('Invalid session for the user.');
  return { user, session: state };
}

export const associateSoftwareToken: Operation = async (ctx, input) => {
  const { user, session } = await userFromTokenOrSession(ctx, input);
  const secret = generateTotpSecret();
  await ctx.db
    .update(users)
    .set({ totpPending: ctx.secrets.encrypt(secret) })
    .where(eq(users.id, user.id));
  const next = session ? await createSession(ctx, session) : undefined;
  return { SecretCode: secret, ...(next ? { Session: next } : {}) };
};

export const verifySoftwareToken: Operation = async (ctx, input) => {
  const { user, session } = await userFromTokenOrSession(ctx, input);
  const pending = user.totpPending ? ctx.secrets.decrypt(user.totpPending) : undefined;
  if (!pending) {
    throw new CognitoError(
      'SoftwareTokenMFANotFoundException',
      'Software Token MFA has not been enabled by the user.',
    );
  }
  const step = matchTotp(pending, input.UserCode);
  if (step === undefined) {
    if (session) await createSession(ctx, session);
    throw new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch');
  }
  await ctx.db
    .update(users)
    .set({
      totpSecret: user.totpPending,
      totpPending: null,
      totpLastStep: step,
      ...(session ? { mfaTotp: true, preferredMfa: 'SOFTWARE_TOKEN_MFA' } : {}),
    })
    .where(eq(users.id, user.id));
  const next = session ? await createSession(ctx, { ...session, totpVerified: true }) : undefined;
  return { Status: 'SUCCESS', ...(next ? { Session: next } : {}) };
};

export const setUserMFAPreference: Operation = async (ctx, input) => {
  const { user } = await authenticate(ctx, input.AccessToken);
  await applyMfaPreference(ctx, user, input);
  return {};
};
