import { bigint, index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { market } from '../db/market-schema.ts';

/**
 * A summary of each listing purged from Roost, kept by its home's address key
 * (`domain/sold-prices/address-key.ts`), so that relisting a home never hides that it was on
 * Roost before, at what price and how it ended. No lister, words or photos: only the home, the
 * prices and the dates. Listings of erased accounts lose their address first and leave nothing.
 */
export const pastListings = market.table(
  'past_listings',
  {
    /** The purged listing's id (no foreign key: the listing is gone). */
    listingId: bigint('listing_id', { mode: 'number' }).primaryKey(),
    addressKey: text('address_key').notNull(),
    channel: text('channel', { enum: ['sale', 'rent'] }).notNull(),
    rentPeriod: text('rent_period'),
    firstPrice: integer('first_price').notNull(),
    lastPrice: integer('last_price').notNull(),
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    /** The last thing the public saw: 'withdrawn', 'under_offer', 'sold_stc' or 'let_agreed'. */
    outcome: text('outcome').notNull(),
  },
  (table) => [index('past_listings_address_idx').on(table.addressKey)],
);
