import { and, count, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { messageThreads as t } from './schema.ts';

/**
 * Conversations with a message from the other party that `userSub` has not read yet: one
 * count over the two participant indexes, for the header on every signed-in page. The
 * conversation on screen (`exceptThreadId`) is being read by the page's own loader at the same
 * moment, so it is left out rather than counted by a race.
 */
export async function countUnreadThreads(
  db: Database,
  userSub: string,
  exceptThreadId?: number,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(t)
    .where(
      and(
        exceptThreadId === undefined ? undefined : ne(t.id, exceptThreadId),
        or(
          and(
            eq(t.enquirerSub, userSub),
            eq(t.lastSenderRole, 'lister'),
            or(isNull(t.enquirerReadAt), lt(t.enquirerReadAt, t.lastMessageAt)),
          ),
          and(
            eq(t.listerSub, userSub),
            eq(t.lastSenderRole, 'enquirer'),
            or(isNull(t.listerReadAt), lt(t.listerReadAt, t.lastMessageAt)),
          ),
        ),
      ),
    );
  return row?.total ?? 0;
}
