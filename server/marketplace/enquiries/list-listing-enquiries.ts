import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  maskContactDetails,
  type ScamWarning,
} from '../../../domain/contact-details/contact-details.ts';
import type { ViewingTime } from '../../../domain/enquiry/viewing-times.ts';
import { haveBothReplied, type ParticipantRole } from '../../../domain/messages/contact-masking.ts';
import { loadOwnedListing } from '../listings/load-owned-listing.ts';
import { messageAsReadBy } from '../messages/message-as-read-by.ts';
import { messageThreads, threadMessages } from '../messages/schema.ts';
import { enquiries } from './schema.ts';

export interface EnquiryView {
  id: number;
  name: string;
  /** Hidden (null) until both have replied in the conversation, as in the conversation. */
  email: string | null;
  phone: string | null;
  /** The enquiry as the lister reads it in the conversation: contact details masked. */
  message: string;
  /** Scam patterns in the enquiry, in plain words, shown beside it. */
  warnings: ScamWarning[];
  wantsViewing: boolean;
  viewingTimes: ViewingTime[];
  /** The lister's first answer, as both sides read it in the conversation. */
  reply: string | null;
  repliedAt: string | null;
  createdAt: string;
  haveBothReplied: boolean;
  /** The conversation this enquiry opened (/my-account/messages/:threadId). */
  threadId: number | null;
}

/**
 * A listing's enquiries, newest first: its owner only. Each reads as its conversation does
 * (`messageAsReadBy`): the enquiry's opening message and the lister's first answer have no
 * earlier messages from their senders, so only the reply counts are needed.
 */
export async function listListingEnquiries(
  db: Database,
  options: { listingId: number; userSub: string },
): Promise<EnquiryView[]> {
  const listing = await loadOwnedListing(db, options.listingId, options.userSub, {
    includeDeleted: true,
  });
  const rows = await db
    .select({ enquiry: enquiries, threadId: messageThreads.id })
    .from(enquiries)
    .leftJoin(messageThreads, eq(messageThreads.enquiryId, enquiries.id))
    .where(eq(enquiries.listingId, listing.id))
    .orderBy(desc(enquiries.createdAt))
    .limit(500);
  const senders = await sendersByThread(
    db,
    rows.flatMap((row) => (row.threadId === null ? [] : [row.threadId])),
  );
  return rows.map(({ enquiry: row, threadId }) => {
    const bothReplied = haveBothReplied(senders.get(threadId ?? 0) ?? []);
    const thread = { messages: [], haveBothReplied: bothReplied };
    const first = messageAsReadBy(
      'lister',
      { id: 0, senderRole: 'enquirer', body: row.message, createdAt: row.createdAt },
      thread,
    );
    const reply =
      row.reply === null
        ? null
        : messageAsReadBy(
            'lister',
            { id: 0, senderRole: 'lister', body: row.reply, createdAt: row.repliedAt! },
            thread,
          ).text;
    return {
      id: row.id,
      name: bothReplied ? row.name : maskContactDetails(row.name).text,
      email: bothReplied ? row.email : null,
      phone: bothReplied ? row.phone : null,
      message: first.text,
      warnings: first.warnings,
      wantsViewing: row.wantsViewing,
      viewingTimes: row.viewingTimes,
      reply,
      repliedAt: row.repliedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      haveBothReplied: bothReplied,
      threadId,
    };
  });
}

/** Each conversation's senders (one entry per message), in one grouped query. */
async function sendersByThread(
  db: Database,
  threadIds: number[],
): Promise<Map<number, ParticipantRole[]>> {
  const byThread = new Map<number, ParticipantRole[]>();
  if (threadIds.length === 0) return byThread;
  const counts = await db
    .select({
      threadId: threadMessages.threadId,
      senderRole: threadMessages.senderRole,
      messages: count(),
    })
    .from(threadMessages)
    .where(inArray(threadMessages.threadId, threadIds))
    .groupBy(threadMessages.threadId, threadMessages.senderRole);
  for (const row of counts) {
    const roles = byThread.get(row.threadId) ?? [];
    roles.push(...Array<ParticipantRole>(row.messages).fill(row.senderRole));
    byThread.set(row.threadId, roles);
  }
  return byThread;
}
