import { outcome } from '../../auth-events.ts';
import { deliveryFor, sendCode } from '../../codes.ts';
import type { IdentityContext } from '../../context.ts';
import { CognitoError, messages } from '../../errors.ts';
import { createSession, type SessionState } from '../../sessions.ts';
import type { User } from '../../users.ts';
import type { Output } from '../common.ts';
import { challenge, deviceOf } from './challenge.ts';
import { complete } from './complete.ts';

/** The second factors this user has turned on and can receive. */
export function enabledMfa(user: User): string[] {
  const out: string[] = [];
  if (user.mfaSms && user.attributes.phone_number) out.push('SMS_MFA');
  if (user.mfaTotp && user.totpSecret) out.push('SOFTWARE_TOKEN_MFA');
  if (user.mfaEmail && user.attributes.email) out.push('EMAIL_OTP');
  return out;
}

export async function mfaChallenge(
  ctx: IdentityContext,
  user: User,
  clientId: string,
  type: string,
  base: Partial<SessionState>,
): Promise<Output> {
  const session = await createSession(ctx, { ...base, userId: user.id, clientId, challenge: type });
  if (type === 'SOFTWARE_TOKEN_MFA') {
    return challenge(type, user, session, { FRIENDLY_DEVICE_NAME: 'Authenticator app' });
  }
  const target = deliveryFor(user, type === 'SMS_MFA' ? 'phone_number' : 'email')!;
  const details = await sendCode(ctx, user, 'mfa', target);
  return challenge(type, user, session, {
    CODE_DELIVERY_DELIVERY_MEDIUM: details.DeliveryMedium,
    CODE_DELIVERY_DESTINATION: details.Destination,
  });
}

/** What follows a correct password: status checks, new password, MFA, then tokens. */
export async function afterPassword(
  ctx: IdentityContext,
  user: User,
  clientId: string,
  deviceKey?: string,
): Promise<Output> {
  if (user.status === 'UNCONFIRMED')
    throw new CognitoError('UserNotConfirmedException', messages.userNotConfirmed);
  if (user.status === 'RESET_REQUIRED') {
    throw new CognitoError(
      'PasswordResetRequiredException',
      'Password reset required for the user',
    );
  }
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    const session = await createSession(ctx, {
      userId: user.id,
      clientId,
      challenge: 'NEW_PASSWORD_REQUIRED',
      ...(deviceKey ? { deviceKey } : {}),
    });
    const visible = Object.fromEntries(
      Object.entries(user.attributes).filter(
        ([name]) => !name.endsWith('_verified') && name !== 'email',
      ),
    );
    return challenge('NEW_PASSWORD_REQUIRED', user, session, {
      requiredAttributes: '[]',
      userAttributes: JSON.stringify(visible),
    });
  }
  return afterFirstFactor(ctx, user, clientId, deviceKey);
}

export async function afterFirstFactor(
  ctx: IdentityContext,
  user: User,
  clientId: string,
  deviceKey?: string,
): Promise<Output> {
  const device = deviceKey ? await deviceOf(ctx, user, deviceKey) : undefined;
  if (device?.verifier && ctx.config.deviceTracking !== 'off') {
    // A confirmed device proves itself with device SRP before MFA or tokens.
    const session = await createSession(ctx, {
      userId: user.id,
      clientId,
      challenge: 'DEVICE_SRP_AUTH',
      deviceKey: device.deviceKey,
    });
    return challenge('DEVICE_SRP_AUTH', user, session, {});
  }
  return afterDevice(ctx, user, clientId, device ? device.deviceKey : undefined, false);
}

export async function afterDevice(
  ctx: IdentityContext,
  user: User,
  clientId: string,
  deviceKey: string | undefined,
  isRememberedDevice: boolean,
): Promise<Output> {
  const mfa = isRememberedDevice ? [] : enabledMfa(user);
  const base = deviceKey ? { deviceKey } : {};
  if (mfa.length === 0) {
    if (ctx.config.mfa === 'on' && !isRememberedDevice) {
      const session = await createSession(ctx, {
        ...base,
        userId: user.id,
        clientId,
        challenge: 'MFA_SETUP',
      });
      return challenge('MFA_SETUP', user, session, {
        MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA","EMAIL_OTP"]',
      });
    }
    return complete(ctx, user, { clientId, deviceKey, challenges: [outcome('Password', true)] });
  }
  const preferred =
    user.preferredMfa && mfa.includes(user.preferredMfa) ? user.preferredMfa : undefined;
  if (preferred || mfa.length === 1)
    return mfaChallenge(ctx, user, clientId, preferred ?? mfa[0]!, base);
  const session = await createSession(ctx, {
    ...base,
    userId: user.id,
    clientId,
    challenge: 'SELECT_MFA_TYPE',
  });
  return challenge('SELECT_MFA_TYPE', user, session, { MFAS_CAN_CHOOSE: JSON.stringify(mfa) });
}
