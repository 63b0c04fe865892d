import { and, eq, sql } from 'drizzle-orm';
import type { IdentityContext } from './context.ts';
import { randomDigits, safeEqual } from './crypto/secrets.ts';
import { codeMessage, type CodePurpose } from './delivery/templates.ts';
import { codeMismatch, expiredCode, limitExceeded } from './errors.ts';
import { codes } from './schema.ts';
import type { User } from './users.ts';

export const codeLifetimes: Record<CodePurpose, number> = {
  'sign-up': 24 * 3600,
  'verify-email': 24 * 3600,
  'verify-phone': 24 * 3600,
  'reset-password': 3600,
  mfa: 180,
  'sign-in': 180,
  'temporary-password': 7 * 24 * 3600,
};

/** A destination as Cognito shows it: `j***@e***`, `+********0123`. */
export function maskDestination(medium: 'EMAIL' | 'SMS', value: string): string {
  if (medium === 'SMS') return `+${'*'.repeat(Math.max(value.length - 5, 1))}${value.slice(-4)}`;
  const [local = '', domain = ''] = value.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

export interface CodeDeliveryDetails {
  Destination: string;
  DeliveryMedium: 'EMAIL' | 'SMS';
  AttributeName: 'email' | 'phone_number';
}

/** Where a code for this user goes: e-mail first, else phone. */
export function deliveryFor(
  user: User,
  prefer?: 'email' | 'phone_number',
): { medium: 'EMAIL' | 'SMS'; attribute: 'email' | 'phone_number'; address: string } | undefined {
  const email = user.attributes.email;
  const phone = user.attributes.phone_number;
  if (prefer === 'phone_number' && phone)
    return { medium: 'SMS', attribute: 'phone_number', address: phone };
  if (email) return { medium: 'EMAIL', attribute: 'email', address: email };
  if (phone) return { medium: 'SMS', attribute: 'phone_number', address: phone };
  return undefined;
}

/** Where a password-reset code may go: a verified e-mail address first, else a verified number. */
export function verifiedDeliveryFor(user: User) {
  const { email, email_verified, phone_number, phone_number_verified } = user.attributes;
  return deliveryFor({
    ...user,
    attributes: {
      ...(email_verified === 'true' && email ? { email } : {}),
      ...(phone_number_verified === 'true' && phone_number ? { phone_number } : {}),
    },
  });
}

/**
 * Creates a fresh six-digit code (replacing any earlier one for the same purpose), stores only its
 * keyed hash, and sends it. At most `codeSendsPerHour` sends per user and purpose.
 */
export async function sendCode(
  ctx: IdentityContext,
  user: User,
  purpose: CodePurpose,
  target: { medium: 'EMAIL' | 'SMS'; attribute: 'email' | 'phone_number'; address: string },
): Promise<CodeDeliveryDetails> {
  const [current] = await ctx.db
    .select({ sends: codes.sends, sendWindowStart: codes.sendWindowStart })
    .from(codes)
    .where(and(eq(codes.userId, user.id), eq(codes.purpose, purpose)))
    .limit(1);
  // Refuse before replacing anything, so the last code sent stays valid (and client retries of
  // LimitExceededException change nothing).
  if (
    current &&
    current.sendWindowStart.getTime() > Date.now() - 3_600_000 &&
    current.sends >= ctx.limits.codeSendsPerHour
  ) {
    throw limitExceeded();
  }
  const code = randomDigits(6);
  const codeHash = ctx.secrets.hashCode(purpose, code);
  const expiresAt = new Date(Date.now() + codeLifetimes[purpose] * 1000);
  const [row] = await ctx.db
    .insert(codes)
    .values({ userId: user.id, purpose, codeHash, expiresAt })
    .onConflictDoUpdate({
      target: [codes.userId, codes.purpose],
      set: {
        codeHash,
        expiresAt,
        attempts: 0,
        sends: sql`case when ${codes.sendWindowStart} < now() - interval '1 hour' then 1 else ${codes.sends} + 1 end`,
        sendWindowStart: sql`case when ${codes.sendWindowStart} < now() - interval '1 hour' then now() else ${codes.sendWindowStart} end`,
      },
    })
    .returning({ sends: codes.sends });
  if ((row?.sends ?? 0) > ctx.limits.codeSendsPerHour) throw limitExceeded();
  await ctx.sendMessage(
    codeMessage(purpose, target.medium === 'EMAIL' ? 'email' : 'sms', target.address, code),
  );
  return {
    Destination: maskDestination(target.medium, target.address),
    DeliveryMedium: target.medium,
    AttributeName: target.attribute,
  };
}

/**
 * Checks a code in constant time. A wrong guess counts; after `codeAttempts` wrong guesses the
 * code is spent and every further try answers LimitExceededException.
 */
export async function checkCode(
  ctx: IdentityContext,
  user: User,
  purpose: CodePurpose,
  code: unknown,
  errors: { mismatch?: () => Error } = {},
): Promise<void> {
  const mismatch = errors.mismatch ?? codeMismatch;
  const [row] = await ctx.db
    .select()
    .from(codes)
    .where(and(eq(codes.userId, user.id), eq(codes.purpose, purpose)))
    .limit(1);
  if (!row) throw purpose === 'mfa' || purpose === 'sign-in' ? mismatch() : expiredCode();
  if (row.attempts >= ctx.limits.codeAttempts) throw limitExceeded();
  const given = typeof code === 'string' ? code.trim() : '';
  const isMatch =
    /^\d{6}$/.test(given) && safeEqual(ctx.secrets.hashCode(purpose, given), row.codeHash);
  if (!isMatch) {
    await ctx.db
      .update(codes)
      .set({ attempts: sql`${codes.attempts} + 1` })
      .where(and(eq(codes.userId, user.id), eq(codes.purpose, purpose)));
    throw mismatch();
  }
  if (row.expiresAt.getTime() < Date.now()) throw expiredCode();
  await ctx.db.delete(codes).where(and(eq(codes.userId, user.id), eq(codes.purpose, purpose)));
}
