import { eq } from 'drizzle-orm';
import type { IdentityContext } from '../../context.ts';
import { users } from '../../schema.ts';
import { parseAttributes } from '../../attributes.ts';
import { sealVerifier, validatePassword } from '../../passwords.ts';
import type { Output } from '../common.ts';
import type { ChallengeAnswer } from './mfa-answers.ts';
import { afterFirstFactor } from './next-step.ts';

/** NEW_PASSWORD_REQUIRED: the user chose a password (and may fill attributes) after a temporary one. */
export async function completeNewPassword(
  ctx: IdentityContext,
  { user, clientId, responses, deviceKey }: ChallengeAnswer,
): Promise<Output> {
  const password = validatePassword(ctx.config.passwordPolicy, responses.NEW_PASSWORD);
  const supplied = Object.entries(responses)
    .filter(([name, value]) => name.startsWith('userAttributes.') && value)
    .map(([name, value]) => ({ Name: name.slice('userAttributes.'.length), Value: value }));
  const attributes = { ...user.attributes, ...parseAttributes(supplied) };
  const [updated] = await ctx.db
    .update(users)
    .set({ ...sealVerifier(ctx, user.username, password), status: 'CONFIRMED', attributes })
    .where(eq(users.id, user.id))
    .returning();
  return afterFirstFactor(ctx, updated!, clientId, deviceKey);
}
