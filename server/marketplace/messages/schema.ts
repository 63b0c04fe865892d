import { sql } from 'drizzle-orm';
import { bigint, index, text, timestamp } from 'drizzle-orm/pg-core';
import { market } from '../db/market-schema.ts';
import { enquiries } from '../enquiries/schema.ts';
import { listings } from '../listings/schema.ts';

export const participantRole = market.enum('participant_role', ['enquirer', 'lister']);

/**
 * A conversation about one listing between the person who enquired and its lister. Every
 * enquiry opens one (the enquiry is its first message); the read and notification markers of
 * each side live here so the header's unread count is one indexed query.
 */
export const messageThreads = market.table(
  'message_threads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    enquiryId: bigint('enquiry_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** The enquirer's `sub`; null for enquiries sent signed out (the lister answers by e-mail). */
    enquirerSub: text('enquirer_sub'),
    listerSub: text('lister_sub').notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    lastSenderRole: participantRole('last_sender_role').notNull(),
    enquirerReadAt: timestamp('enquirer_read_at', { withTimezone: true }),
    listerReadAt: timestamp('lister_read_at', { withTimezone: true }),
    /** When each side was last e-mailed about a new message (one mail per ~10 minutes). */
    enquirerNotifiedAt: timestamp('enquirer_notified_at', { withTimezone: true }),
    listerNotifiedAt: timestamp('lister_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('message_threads_enquirer_idx').on(table.enquirerSub, table.lastMessageAt.desc()),
    index('message_threads_lister_idx').on(table.listerSub, table.lastMessageAt.desc()),
  ],
);

/** One message in a thread, stored as written (contact details are masked when read). */
export const threadMessages = market.table(
  'thread_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    threadId: bigint('thread_id', { mode: 'number' })
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    senderRole: participantRole('sender_role').notNull(),
    /** Null for the opening message of an enquiry sent signed out. */
    senderSub: text('sender_sub'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('thread_messages_thread_idx').on(table.threadId, table.createdAt),
    index('thread_messages_sender_idx')
      .on(table.senderSub, table.createdAt)
      .where(sql`${table.senderSub} is not null`),
  ],
);

export type MessageThread = typeof messageThreads.$inferSelect;
export type ThreadMessage = typeof threadMessages.$inferSelect;
