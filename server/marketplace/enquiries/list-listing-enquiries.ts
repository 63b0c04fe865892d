import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { ViewingTime } from '../../../domain/enquiry/viewing-times.ts';
import { loadOwnedListing } from '../listings/load-owned-listing.ts';
import { messageThreads } from '../messages/schema.ts';
import { enquiries } from './schema.ts';

export interface EnquiryView {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  wantsViewing: boolean;
  viewingTimes: ViewingTime[];
  reply: string | null;
  repliedAt: string | null;
  createdAt: string;
  /** The conversation this enquiry opened (/my-account/messages/:threadId). */
  threadId: number | null;
}

/** A listing's enquiries, newest first: its owner only. */
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
  return rows.map(({ enquiry: row, threadId }) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    wantsViewing: row.wantsViewing,
    viewingTimes: row.viewingTimes,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    threadId,
  }));
}
