import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { ERASED_ACCOUNT_ID, ERASED_MESSAGE } from '../../../domain/admin/erased-account.ts';
import { enquiries } from '../enquiries/schema.ts';
import type { ErasureTarget, ErasureTx } from '../erasure-target.ts';
import { messageThreads, threadMessages } from './schema.ts';

/**
 * Erasure's step for conversations: every message the person wrote (the opening copy of an
 * enquiry sent signed out under their address included) reads ERASED_MESSAGE for both sides,
 * and their id leaves the messages and the threads for ERASED_ACCOUNT_ID. The other party's
 * messages stay: they are the other party's. Returns how many messages were removed.
 */
export async function eraseMessages(tx: ErasureTx, target: ErasureTarget): Promise<number> {
  const theirs = [
    and(eq(messageThreads.enquirerSub, target.sub), eq(threadMessages.senderRole, 'enquirer')),
    and(eq(messageThreads.listerSub, target.sub), eq(threadMessages.senderRole, 'lister')),
  ];
  if (target.email) {
    theirs.push(
      and(
        eq(threadMessages.senderRole, 'enquirer'),
        sql`lower(${enquiries.email}) = ${target.email.toLowerCase()}`,
      ),
    );
  }
  const threads = tx
    .select({ id: threadMessages.id })
    .from(threadMessages)
    .innerJoin(messageThreads, eq(messageThreads.id, threadMessages.threadId))
    .innerJoin(enquiries, eq(enquiries.id, messageThreads.enquiryId))
    .where(or(...theirs));
  const removed = await tx
    .update(threadMessages)
    .set({ body: ERASED_MESSAGE, senderSub: ERASED_ACCOUNT_ID })
    .where(or(eq(threadMessages.senderSub, target.sub), inArray(threadMessages.id, threads)))
    .returning({ id: threadMessages.id });
  await tx
    .update(messageThreads)
    .set({ enquirerSub: ERASED_ACCOUNT_ID })
    .where(eq(messageThreads.enquirerSub, target.sub));
  await tx
    .update(messageThreads)
    .set({ listerSub: ERASED_ACCOUNT_ID })
    .where(eq(messageThreads.listerSub, target.sub));
  return removed.length;
}
