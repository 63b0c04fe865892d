import type { IdentityContext } from '../../context.ts';
import { safeEqual } from '../../crypto/secrets.ts';
import { incorrectCredentials, messages, notAuthorized, resourceNotFound } from '../../errors.ts';
import type { SessionState } from '../../sessions.ts';
import { claimSignature, createServerEphemeral, N, parseHex, serverSessionKey } from '../../srp.ts';
import type { User } from '../../users.ts';
import type { Output } from '../common.ts';
import { deviceOf } from './challenge.ts';
import { afterDevice } from './next-step.ts';
import { assertCanSignIn } from './password-check.ts';
import { assertFreshTimestamp, sealSecretBlock } from './secret-block.ts';

/** DEVICE_SRP_AUTH: a confirmed device starts its own SRP round with its key and SRP_A. */
export async function startDeviceSrp(
  ctx: IdentityContext,
  user: User,
  state: SessionState,
  responses: Record<string, string>,
): Promise<Output> {
  const deviceKey = String(state.deviceKey ?? '');
  if (responses.DEVICE_KEY !== deviceKey) throw notAuthorized(messages.invalidSession);
  const device = await deviceOf(ctx, user, deviceKey);
  if (!device?.verifier || !device.salt) throw resourceNotFound('Device does not exist.');
  const A = parseHex(responses.SRP_A ?? '');
  if (A === undefined || A % N === 0n) throw notAuthorized('Invalid SRP_A value.');
  const ephemeral = createServerEphemeral(BigInt(`0x${device.verifier}`));
  const block = sealSecretBlock(ctx, {
    userId: user.id,
    clientId: state.clientId,
    challenge: 'DEVICE_PASSWORD_VERIFIER',
    deviceKey,
    A: A.toString(16),
    b: ephemeral.b.toString(16),
    B: ephemeral.B.toString(16),
  });
  return {
    ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
    ChallengeParameters: {
      SRP_B: ephemeral.B.toString(16),
      SALT: device.salt,
      SECRET_BLOCK: block,
      USERNAME: user.username,
      DEVICE_KEY: deviceKey,
    },
  };
}

/** DEVICE_PASSWORD_VERIFIER: the device's claim; a remembered device skips MFA. */
export async function verifyDeviceClaim(
  ctx: IdentityContext,
  user: User,
  state: SessionState,
  responses: Record<string, string>,
  secretBlock: string,
): Promise<Output> {
  assertCanSignIn(user);
  const deviceKey = String(state.deviceKey ?? '');
  const device = await deviceOf(ctx, user, deviceKey);
  if (!device?.verifier) throw resourceNotFound('Device does not exist.');
  const timestamp = responses.TIMESTAMP ?? '';
  assertFreshTimestamp(timestamp);
  const key = serverSessionKey(BigInt(`0x${String(state.A)}`), BigInt(`0x${device.verifier}`), {
    b: BigInt(`0x${String(state.b)}`),
    B: BigInt(`0x${String(state.B)}`),
  });
  const expected = key
    ? claimSignature(key, device.groupKey, deviceKey, secretBlock, timestamp)
    : '';
  if (!key || !safeEqual(expected, responses.PASSWORD_CLAIM_SIGNATURE ?? ''))
    throw incorrectCredentials();
  return afterDevice(ctx, user, state.clientId, deviceKey, device.remembered);
}
