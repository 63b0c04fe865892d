import { index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { market } from '../db/market-schema.ts';

/** Messages sent through /contact-us: stored first, then e-mailed to the operator. */
export const contactMessages = market.table(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    /** SHA-256 of the sender's IP address: enough to rate-limit, not to identify. */
    senderHash: text('sender_hash').notNull(),
    userId: text('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (table) => [
    index('contact_messages_sender_created_idx').on(table.senderHash, table.createdAt),
    index('contact_messages_email_created_idx').on(table.email, table.createdAt),
  ],
);
