import { and, eq } from 'drizzle-orm';
import type { IdentityContext } from '../../context.ts';
import { invalidParameter } from '../../errors.ts';
import { devices } from '../../schema.ts';
import type { User } from '../../users.ts';
import type { Output } from '../common.ts';

/** A challenge for a known user: Amplify keeps `USERNAME` as the name for later answers. */
export function challenge(
  name: string,
  user: User,
  session: string,
  parameters: Record<string, string> = {},
): Output {
  return {
    ChallengeName: name,
    Session: session,
    ChallengeParameters: { USER_ID_FOR_SRP: user.username, USERNAME: user.username, ...parameters },
  };
}

export function requireParameter(parameters: Record<string, string>, name: string): string {
  const value = parameters[name];
  if (!value) throw invalidParameter(`Missing required parameter ${name}`);
  return value;
}

export async function deviceOf(ctx: IdentityContext, user: User, deviceKey: string) {
  const [device] = await ctx.db
    .select()
    .from(devices)
    .where(and(eq(devices.deviceKey, deviceKey), eq(devices.userId, user.id)))
    .limit(1);
  return device;
}
