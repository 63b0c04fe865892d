import type { Database } from '../../../db/client.ts';
import { flagScamWarning } from './flag-scam-warning.ts';
import { messageThreads, threadMessages } from './schema.ts';

/**
 * Opens the conversation for a new enquiry, inside the enquiry's transaction: the enquiry's
 * message is the thread's first message (flagged to the moderators if it matches a scam pattern).
 */
export async function startThread(
  tx: Database,
  enquiry: {
    id: number;
    listingId: number;
    listerSub: string;
    senderSub: string | null;
    message: string;
    createdAt: Date;
  },
): Promise<number> {
  const [thread] = await tx
    .insert(messageThreads)
    .values({
      enquiryId: enquiry.id,
      listingId: enquiry.listingId,
      enquirerSub: enquiry.senderSub,
      listerSub: enquiry.listerSub,
      lastMessageAt: enquiry.createdAt,
      lastSenderRole: 'enquirer',
      enquirerReadAt: enquiry.createdAt,
      createdAt: enquiry.createdAt,
    })
    .returning({ id: messageThreads.id });
  const [message] = await tx
    .insert(threadMessages)
    .values({
      threadId: thread!.id,
      senderRole: 'enquirer',
      senderSub: enquiry.senderSub,
      body: enquiry.message,
      createdAt: enquiry.createdAt,
    })
    .returning({ id: threadMessages.id });
  await flagScamWarning(tx, {
    id: message!.id,
    listingId: enquiry.listingId,
    body: enquiry.message,
    createdAt: enquiry.createdAt,
  });
  return thread!.id;
}
