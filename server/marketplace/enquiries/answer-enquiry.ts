import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { normaliseText } from '../../../domain/text.ts';
import { AppError } from '../../http/app-error.ts';
import { loadOwnedListing } from '../listings/load-owned-listing.ts';
import { messageThreads } from '../messages/schema.ts';
import { sendMessage, type MessageSettings } from '../messages/send-message.ts';

export const answerInput = z.object({
  reply: z
    .string({ message: 'Write a reply' })
    .transform(normaliseText)
    .pipe(z.string().min(2, 'Write a reply').max(3000, 'Keep the reply under 3,000 characters')),
});

/**
 * The lister answers an enquiry: a message in the enquiry's conversation (see
 * server/marketplace/messages), which e-mails the person who asked.
 */
export async function answerEnquiry(
  db: Database,
  settings: MessageSettings,
  options: { listingId: number; enquiryId: number; userSub: string; input: unknown },
): Promise<void> {
  const parsed = answerInput.safeParse(options.input);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 'Write a reply.', {
      reply: parsed.error.issues[0]!.message,
    });
  }
  const listing = await loadOwnedListing(db, options.listingId, options.userSub);
  const [thread] = await db
    .select({ id: messageThreads.id })
    .from(messageThreads)
    .where(
      and(
        eq(
          messageThreads.enquiryId,
          Number.isSafeInteger(options.enquiryId) ? options.enquiryId : 0,
        ),
        eq(messageThreads.listingId, listing.id),
      ),
    );
  if (!thread) throw new AppError('NOT_FOUND', 'No such enquiry.');
  await sendMessage(db, settings, {
    threadId: thread.id,
    userSub: options.userSub,
    input: { body: parsed.data.reply },
  });
}
