import { randomUUID } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { lt } from 'drizzle-orm';
import type { IdentityContext } from './context.ts';
import { authEvents } from './schema.ts';

/** One step of a sign-in as Cognito's AuthEvents report it. */
export interface ChallengeOutcome {
  ChallengeName: 'Password' | 'Mfa';
  ChallengeResponse: 'Success' | 'Failure';
}

export const outcome = (
  name: ChallengeOutcome['ChallengeName'],
  succeeded: boolean,
): ChallengeOutcome => ({
  ChallengeName: name,
  ChallengeResponse: succeeded ? 'Success' : 'Failure',
});

function ipv6Groups(address: string): number[] {
  const groups = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((piece) => {
          if (!piece.includes('.')) return [parseInt(piece, 16)];
          // An IPv4 tail (::ffff:192.0.2.1) stands for the last two groups.
          const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
          return [a * 256 + b, c * 256 + d];
        });
  const [head = '', tail] = address.split('::');
  const start = groups(head);
  if (tail === undefined) return start;
  const end = groups(tail);
  return [...start, ...new Array<number>(8 - start.length - end.length).fill(0), ...end];
}

/**
 * The network a client address belongs to, which is all the sign-in history keeps of it: the
 * /24 of an IPv4 address (`203.0.113.0/24`), the /48 of an IPv6 one (`2001:db8:1::/48`).
 */
export function addressClass(address: string | undefined): string | null {
  if (!address) return null;
  const ip = address.replace(/%.*$/, '');
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(ip)) return null;
  const prefix = ipv6Groups(ip)
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':');
  return `${prefix}::/48`;
}

/** Records a sign-in that succeeded (tokens issued) or failed (wrong password or code). */
export async function recordSignIn(
  ctx: IdentityContext,
  userId: string,
  response: 'Pass' | 'Fail',
  challenges: ChallengeOutcome[],
): Promise<void> {
  await ctx.db.insert(authEvents).values({
    id: randomUUID(),
    userId,
    eventType: 'SignIn',
    eventResponse: response,
    challengeResponses: challenges,
    addressClass: addressClass(ctx.request?.sourceIp),
  });
}

/** Sign-in history is kept for `IDENTITY_AUTH_EVENTS_DAYS`, then deleted. */
export async function purgeOldAuthEvents(ctx: IdentityContext): Promise<void> {
  const cutoff = new Date(Date.now() - ctx.config.authEventsDays * 86_400_000);
  await ctx.db.delete(authEvents).where(lt(authEvents.createdAt, cutoff));
}
