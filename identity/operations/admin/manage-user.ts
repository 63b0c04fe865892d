import { eq } from 'drizzle-orm';
import { sendCode, verifiedDeliveryFor } from '../../codes.ts';
import { CognitoError } from '../../errors.ts';
import { users } from '../../schema.ts';
import { parseAttributes } from '../../attributes.ts';
import { sealVerifier, validatePassword } from '../../passwords.ts';
import { claimPhoneAlias, phoneAliasOf } from '../../phone-alias.ts';
import { signOutEverywhere } from '../../token-issuing.ts';
import type { Operation } from '../common.ts';
import { deleteUserEntirely } from '../delete-user.ts';
import { applyMfaPreference, mfaSettings } from '../../mfa-settings.ts';
import { requireUser, userType } from './shapes.ts';

export const adminGetUser: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  return { ...userType(user, 'UserAttributes'), ...mfaSettings(user) };
};

export const adminSetUserPassword: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  const password = validatePassword(ctx.config.passwordPolicy, input.Password);
  const isPermanent = input.Permanent === true;
  await ctx.db
    .update(users)
    .set({
      ...sealVerifier(ctx, user.username, password),
      status: isPermanent
        ? user.status === 'UNCONFIRMED'
          ? 'UNCONFIRMED'
          : 'CONFIRMED'
        : 'FORCE_CHANGE_PASSWORD',
      failedSignIns: 0,
      lockedUntil: null,
    })
    .where(eq(users.id, user.id));
  return {};
};

export const adminConfirmSignUp: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  if (user.status !== 'UNCONFIRMED') {
    throw new CognitoError(
      'NotAuthorizedException',
      `User cannot be confirmed. Current status is ${user.status}`,
    );
  }
  await ctx.db.update(users).set({ status: 'CONFIRMED' }).where(eq(users.id, user.id));
  return {};
};

export const adminUpdateUserAttributes: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  const changes = parseAttributes(input.UserAttributes, true);
  const attributes = { ...user.attributes, ...changes };
  // A changed number is unverified unless the same call says otherwise, as in Cognito.
  if (changes.phone_number && changes.phone_number !== user.attributes.phone_number)
    attributes.phone_number_verified = changes.phone_number_verified ?? 'false';
  const phoneAlias = phoneAliasOf(attributes);
  if (phoneAlias && phoneAlias !== user.phoneNumber)
    await claimPhoneAlias(ctx, user.id, phoneAlias, { move: input.ForceAliasCreation === true });
  await ctx.db
    .update(users)
    .set({
      attributes,
      email: attributes.email ?? null,
      phoneNumber: phoneAlias,
    })
    .where(eq(users.id, user.id));
  return {};
};

export const adminDisableUser: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  await ctx.db.update(users).set({ enabled: false }).where(eq(users.id, user.id));
  await signOutEverywhere(ctx, user.id);
  return {};
};

export const adminEnableUser: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  await ctx.db.update(users).set({ enabled: true }).where(eq(users.id, user.id));
  return {};
};

export const adminDeleteUser: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  await deleteUserEntirely(ctx, user);
  return {};
};

export const adminResetUserPassword: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  await ctx.db.update(users).set({ status: 'RESET_REQUIRED' }).where(eq(users.id, user.id));
  await signOutEverywhere(ctx, user.id);
  // As Cognito: the code goes only to a verified address; without one the user stays
  // RESET_REQUIRED until an administrator sets a password.
  const target = verifiedDeliveryFor(user);
  if (target) await sendCode(ctx, user, 'reset-password', target);
  return {};
};

export const adminUserGlobalSignOut: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  await signOutEverywhere(ctx, user.id);
  return {};
};

/** Turns factors on or off for a user, e.g. all off to reset MFA after a lost phone. */
export const adminSetUserMFAPreference: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  await applyMfaPreference(ctx, user, input);
  return {};
};
