import { and, count, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { preparedOnce } from '../../../db/prepared-once.ts';
import { messageThreads as t } from './schema.ts';

/** The count's statement, with or without a conversation left out: built once per database. */
function buildCount(db: Database, leavesOneOut: boolean) {
  const userSub = sql.placeholder('userSub');
  return db
    .select({ total: count() })
    .from(t)
    .where(
      and(
        leavesOneOut ? ne(t.id, sql.placeholder('exceptThreadId')) : undefined,
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
    )
    .prepare(leavesOneOut ? 'unread_threads_but_one' : 'unread_threads');
}

const countAll = preparedOnce((db) => buildCount(db, false));
const countAllBut = preparedOnce((db) => buildCount(db, true));

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
  const [row] =
    exceptThreadId === undefined
      ? await countAll(db).execute({ userSub })
      : await countAllBut(db).execute({ userSub, exceptThreadId });
  return row?.total ?? 0;
}
