import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import type { ViewingTime } from '../../../domain/enquiry/viewing-times.ts';
import { market } from '../db/market-schema.ts';
import { listings } from '../listings/schema.ts';

/** Messages from buyers and tenants to a lister: stored first, then e-mailed to the lister. */
export const enquiries = market.table(
  'enquiries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    senderSub: text('sender_sub'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    wantsViewing: boolean('wants_viewing').notNull().default(false),
    /** Preferred viewing slots (UK calendar day + morning/afternoon/evening), up to three. */
    viewingTimes: jsonb('viewing_times').$type<ViewingTime[]>().notNull().default([]),
    /** SHA-256 of the sender's IP address: enough to rate-limit, not to identify. */
    senderHash: text('sender_hash').notNull(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('enquiries_listing_idx').on(table.listingId, table.createdAt.desc()),
    index('enquiries_sender_idx').on(table.senderHash, table.createdAt),
    index('enquiries_email_idx').on(sql`lower(${table.email})`, table.createdAt),
  ],
);

export type Enquiry = typeof enquiries.$inferSelect;
