import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { recordSignIn, type ChallengeOutcome } from '../../auth-events.ts';
import type { IdentityContext } from '../../context.ts';
import { devices } from '../../schema.ts';
import { issueTokens } from '../../token-issuing.ts';
import type { User } from '../../users.ts';
import type { Output } from '../common.ts';
import { deviceOf } from './challenge.ts';

export interface Completion {
  clientId: string;
  /** The steps the user passed, for the sign-in history. */
  challenges: ChallengeOutcome[];
  deviceKey?: string | undefined;
  /** The SRP secret block answered, stored with the refresh token so it answers once. */
  spentHandle?: string | undefined;
}

/**
 * The end of every sign-in: a known device is touched, a new one registered when device tracking
 * is on, tokens issued, and the sign-in recorded.
 */
export async function complete(
  ctx: IdentityContext,
  user: User,
  { clientId, challenges, deviceKey, spentHandle }: Completion,
): Promise<Output> {
  const known = deviceKey ? await deviceOf(ctx, user, deviceKey) : undefined;
  let newDevice: { DeviceKey: string; DeviceGroupKey: string } | undefined;
  if (known) {
    await ctx.db
      .update(devices)
      .set({ lastAuthenticatedAt: new Date() })
      .where(eq(devices.deviceKey, known.deviceKey));
  } else if (ctx.config.deviceTracking !== 'off') {
    newDevice = {
      DeviceKey: `${ctx.config.region}_${randomUUID()}`,
      DeviceGroupKey: `-${randomBytes(9).toString('base64url')}`,
    };
    await ctx.db.insert(devices).values({
      deviceKey: newDevice.DeviceKey,
      groupKey: newDevice.DeviceGroupKey,
      userId: user.id,
    });
  }
  const result = await issueTokens(ctx, user, {
    clientId,
    ...(spentHandle ? { spentHandle } : {}),
    ...(known
      ? { deviceKey: known.deviceKey }
      : newDevice
        ? { deviceKey: newDevice.DeviceKey }
        : {}),
  });
  await recordSignIn(ctx, user.id, 'Pass', challenges);
  return {
    AuthenticationResult: { ...result, ...(newDevice ? { NewDeviceMetadata: newDevice } : {}) },
    ChallengeParameters: {},
  };
}
