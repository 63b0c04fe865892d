import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { ParticipantRole } from '../../../domain/messages/contact-masking.ts';
import { AppError } from '../../http/app-error.ts';
import { messageThreads, type MessageThread } from './schema.ts';

/**
 * The thread, if `userSub` takes part in it, with their side. Anyone else gets 404 (not 403),
 * so thread ids cannot be probed.
 */
export async function loadThreadFor(
  db: Database,
  threadId: number,
  userSub: string,
): Promise<{ thread: MessageThread; role: ParticipantRole }> {
  if (!Number.isSafeInteger(threadId) || threadId <= 0) throw notFound();
  const [thread] = await db
    .select()
    .from(messageThreads)
    .where(
      and(
        eq(messageThreads.id, threadId),
        or(eq(messageThreads.enquirerSub, userSub), eq(messageThreads.listerSub, userSub)),
      ),
    );
  if (!thread) throw notFound();
  return { thread, role: thread.listerSub === userSub ? 'lister' : 'enquirer' };
}

function notFound() {
  return new AppError('NOT_FOUND', 'No such conversation.');
}

/** The other side of a conversation. */
export function otherRole(role: ParticipantRole): ParticipantRole {
  return role === 'lister' ? 'enquirer' : 'lister';
}
