import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { normaliseText } from '../../../domain/text.ts';
import { escapeHtml } from '../../mail/escape-html.ts';
import { AppError } from '../../http/app-error.ts';
import { loadOwnedListing } from '../listings/load-owned-listing.ts';
import { enquiries } from './schema.ts';
import type { SendEmail } from './submit-enquiry.ts';

export const answerInput = z.object({
  reply: z
    .string({ message: 'Write a reply' })
    .transform(normaliseText)
    .pipe(z.string().min(2, 'Write a reply').max(3000, 'Keep the reply under 3,000 characters')),
});

/** The lister answers an enquiry: stored, and e-mailed to the person who asked. */
export async function answerEnquiry(
  db: Database,
  send: SendEmail | undefined,
  options: { listingId: number; enquiryId: number; userSub: string; input: unknown },
): Promise<void> {
  const parsed = answerInput.safeParse(options.input);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 'Write a reply.', {
      reply: parsed.error.issues[0]!.message,
    });
  }
  const listing = await loadOwnedListing(db, options.listingId, options.userSub);
  const [enquiry] = await db
    .update(enquiries)
    .set({ reply: parsed.data.reply, repliedAt: new Date() })
    .where(and(eq(enquiries.id, options.enquiryId), eq(enquiries.listingId, listing.id)))
    .returning();
  if (!enquiry) throw new AppError('NOT_FOUND', 'No such enquiry.');
  await send?.({
    to: enquiry.email,
    subject: `Reply about ${listing.title}`,
    text: `The lister of "${listing.title}" replied:\n\n${parsed.data.reply}`,
    html: `<p>The lister of ${escapeHtml(listing.title)} replied:</p><p style="white-space:pre-wrap">${escapeHtml(parsed.data.reply)}</p>`,
  });
}
