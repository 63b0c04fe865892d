import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { enquiries } from '../enquiries/schema.ts';
import { messageThreads, threadMessages } from './schema.ts';

/**
 * Conversations begun by an enquiry sent signed out, joined to the account that signs in with
 * the same, verified, e-mail address: the enquirer then reads and answers on Roost, so first
 * contact stays here even for someone who enquired before making an account. Only a verified
 * address claims, so nobody reads another person's enquiries by typing their address.
 */
export async function claimSignedOutEnquiries(db: Database, user: SessionUser): Promise<number> {
  if (!user.email || user.isEmailVerified !== true) return 0;
  const email = user.email.toLowerCase();
  // Read outside a transaction: nearly every call finds nothing, and then opens none (this runs
  // each time someone opens their messages).
  const claimable = await db
    .select({ enquiryId: enquiries.id, threadId: messageThreads.id })
    .from(enquiries)
    .innerJoin(messageThreads, eq(messageThreads.enquiryId, enquiries.id))
    .where(
      and(
        sql`lower(${enquiries.email}) = ${email}`,
        isNull(enquiries.senderSub),
        isNull(messageThreads.enquirerSub),
        ne(messageThreads.listerSub, user.userId),
      ),
    );
  if (claimable.length === 0) return 0;
  return db.transaction(async (tx) => {
    const enquiryIds = claimable.map((row) => row.enquiryId);
    const threadIds = claimable.map((row) => row.threadId);
    await tx
      .update(enquiries)
      .set({ senderSub: user.userId })
      .where(and(inArray(enquiries.id, enquiryIds), isNull(enquiries.senderSub)));
    await tx
      .update(messageThreads)
      .set({ enquirerSub: user.userId })
      .where(and(inArray(messageThreads.id, threadIds), isNull(messageThreads.enquirerSub)));
    await tx
      .update(threadMessages)
      .set({ senderSub: user.userId })
      .where(
        and(
          inArray(threadMessages.threadId, threadIds),
          eq(threadMessages.senderRole, 'enquirer'),
          isNull(threadMessages.senderSub),
        ),
      );
    return claimable.length;
  });
}
