import { desc, eq } from 'drizzle-orm';
import { authEvents } from '../../schema.ts';
import type { Operation, Output } from '../common.ts';
import { page, requireUser, seconds } from './shapes.ts';

type AuthEventRow = typeof authEvents.$inferSelect;

/** Cognito's AuthEventType; the address is only its network, and no risk is assessed. */
function authEventType(row: AuthEventRow): Output {
  return {
    EventId: row.id,
    EventType: row.eventType,
    CreationDate: seconds(row.createdAt),
    EventResponse: row.eventResponse,
    ChallengeResponses: row.challengeResponses,
    ...(row.addressClass ? { EventContextData: { IpAddress: row.addressClass } } : {}),
  };
}

/** A user's sign-in history, newest first (`MaxResults` up to 60, `NextToken`). */
export const adminListUserAuthEvents: Operation = async (ctx, input) => {
  const user = await requireUser(ctx, input);
  const { limit, offset, next } = page(input, 'NextToken', 60, 'MaxResults');
  const rows = await ctx.db
    .select()
    .from(authEvents)
    .where(eq(authEvents.userId, user.id))
    .orderBy(desc(authEvents.createdAt), desc(authEvents.id))
    .limit(limit + 1)
    .offset(offset);
  return { AuthEvents: rows.slice(0, limit).map(authEventType), ...next(rows.length) };
};
