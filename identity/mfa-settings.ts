import { eq } from 'drizzle-orm';
import type { IdentityContext } from './context.ts';
import { CognitoError, invalidParameter } from './errors.ts';
import { users } from './schema.ts';
import type { User } from './users.ts';

/** The MFA part of GetUser / AdminGetUser. */
export function mfaSettings(user: User) {
  const list: string[] = [];
  if (user.mfaSms) list.push('SMS_MFA');
  if (user.mfaTotp) list.push('SOFTWARE_TOKEN_MFA');
  if (user.mfaEmail) list.push('EMAIL_OTP');
  return {
    ...(user.preferredMfa && list.includes(user.preferredMfa)
      ? { PreferredMfaSetting: user.preferredMfa }
      : {}),
    ...(list.length ? { UserMFASettingList: list } : {}),
  };
}

interface MfaSetting {
  Enabled?: boolean;
  PreferredMfa?: boolean;
}

/**
 * SetUserMFAPreference and AdminSetUserMFAPreference: each of `SMSMfaSettings`,
 * `SoftwareTokenMfaSettings` and `EmailMfaSettings` turns its factor on or off and may make it the
 * preferred one. Turning TOTP off keeps the authenticator app's secret, as Cognito does.
 */
export async function applyMfaPreference(
  ctx: IdentityContext,
  user: User,
  input: Record<string, unknown>,
): Promise<void> {
  const settings: [string, MfaSetting | undefined, 'mfaSms' | 'mfaTotp' | 'mfaEmail'][] = [
    ['SMS_MFA', input.SMSMfaSettings as MfaSetting | undefined, 'mfaSms'],
    ['SOFTWARE_TOKEN_MFA', input.SoftwareTokenMfaSettings as MfaSetting | undefined, 'mfaTotp'],
    ['EMAIL_OTP', input.EmailMfaSettings as MfaSetting | undefined, 'mfaEmail'],
  ];
  const update: Partial<Pick<User, 'mfaSms' | 'mfaTotp' | 'mfaEmail' | 'preferredMfa'>> = {};
  let preferred = user.preferredMfa;
  for (const [type, setting, column] of settings) {
    if (!setting || typeof setting !== 'object') continue;
    if (setting.Enabled === true) {
      if (type === 'SOFTWARE_TOKEN_MFA' && !user.totpSecret) {
        throw new CognitoError(
          'SoftwareTokenMFANotFoundException',
          'Software Token MFA has not been enabled by the user.',
        );
      }
      if (type === 'SMS_MFA' && !user.attributes.phone_number) {
        throw invalidParameter('User does not have delivery config set to turn on SMS_MFA');
      }
      if (type === 'EMAIL_OTP' && !user.attributes.email) {
        throw invalidParameter('User does not have delivery config set to turn on EMAIL_OTP');
      }
      update[column] = true;
      if (setting.PreferredMfa === true) preferred = type;
      else if (preferred === type && setting.PreferredMfa === false) preferred = null;
    } else if (setting.Enabled === false) {
      update[column] = false;
      if (preferred === type) preferred = null;
    }
  }
  update.preferredMfa = preferred;
  await ctx.db.update(users).set(update).where(eq(users.id, user.id));
}
