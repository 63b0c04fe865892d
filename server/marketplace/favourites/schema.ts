import { bigint, index, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { market } from '../db/market-schema.ts';
import { listings } from '../listings/schema.ts';

/** A signed-in user's favourites, so they follow the user across devices. */
export const favourites = market.table(
  'favourites',
  {
    userSub: text('user_sub').notNull(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The user's private note about this home (plain text, only ever shown to them). */
    note: text('note').notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.userSub, table.listingId] }),
    index('favourites_listing_idx').on(table.listingId),
  ],
);
