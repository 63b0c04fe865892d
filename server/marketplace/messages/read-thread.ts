import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { ScamWarning } from '../../../domain/contact-details/contact-details.ts';
import { haveBothReplied, type ParticipantRole } from '../../../domain/messages/contact-masking.ts';
import type { ViewingTime } from '../../../domain/enquiry/viewing-times.ts';
import { enquiries } from '../enquiries/schema.ts';
import { listers, listings } from '../listings/schema.ts';
import {
  otherNameOf,
  threadListingColumns,
  toThreadListing,
  type ThreadListing,
} from './list-threads.ts';
import { messageAsReadBy } from './message-as-read-by.ts';
import { messageThreads, threadMessages } from './schema.ts';
import { loadThreadFor } from './thread-access.ts';

export interface MessageView {
  id: number;
  isMine: boolean;
  senderName: string;
  /** As both participants see it: contact details masked until both have replied. */
  text: string;
  /** On the reader's own masked message: what the other party does not see, and why. */
  note: string | null;
  /** Scam patterns in the other party's message, in plain words, shown beside it. */
  warnings: ScamWarning[];
  createdAt: string;
}

export interface ThreadView {
  id: number;
  role: ParticipantRole;
  listing: ThreadListing;
  otherName: string;
  /** The enquirer's viewing request, from their enquiry. */
  viewingTimes: ViewingTime[];
  haveBothReplied: boolean;
  /** False when the enquiry was sent signed out: the lister's replies go by e-mail only. */
  canEnquirerReply: boolean;
  messages: MessageView[];
}

/** A conversation for one of its two participants; reading it marks it read for them. */
export async function readThread(
  db: Database,
  options: { threadId: number; userSub: string; now?: Date },
): Promise<ThreadView> {
  const { thread, role } = await loadThreadFor(db, options.threadId, options.userSub);
  const [details] = await db
    .select({ ...threadListingColumns, viewingTimes: enquiries.viewingTimes })
    .from(listings)
    .innerJoin(enquiries, eq(enquiries.id, thread.enquiryId))
    .leftJoin(listers, eq(listers.sub, thread.listerSub))
    .where(eq(listings.id, thread.listingId));
  const rows = await db
    .select()
    .from(threadMessages)
    .where(eq(threadMessages.threadId, thread.id))
    .orderBy(asc(threadMessages.createdAt), asc(threadMessages.id));
  const bothReplied = haveBothReplied(rows.map((row) => row.senderRole));
  const otherName = otherNameOf(details!, role);
  await db
    .update(messageThreads)
    .set(
      role === 'lister'
        ? { listerReadAt: options.now ?? new Date() }
        : { enquirerReadAt: options.now ?? new Date() },
    )
    .where(eq(messageThreads.id, thread.id));
  return {
    id: thread.id,
    role,
    listing: toThreadListing(details!, role),
    otherName,
    viewingTimes: details!.viewingTimes,
    haveBothReplied: bothReplied,
    canEnquirerReply: thread.enquirerSub !== null,
    messages: rows.map((row) => {
      const read = messageAsReadBy(role, row, { messages: rows, haveBothReplied: bothReplied });
      return {
        id: row.id,
        isMine: row.senderRole === role,
        senderName: row.senderRole === role ? 'You' : otherName,
        text: read.text,
        note: read.note,
        warnings: read.warnings,
        createdAt: row.createdAt.toISOString(),
      };
    }),
  };
}
