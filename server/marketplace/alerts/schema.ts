import { bigint, index, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ALERT_FREQUENCIES } from '../../../domain/search/alert-frequencies.ts';
import { market } from '../db/market-schema.ts';
import { listingChannel, listings } from '../listings/schema.ts';

export const alertFrequency = market.enum('alert_frequency', ALERT_FREQUENCIES);

/** A search a signed-in user saved, with how often they want e-mails about new matches. */
export const savedSearches = market.table(
  'saved_searches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerSub: text('owner_sub').notNull(),
    /** Where alerts go: the verified e-mail from the owner's ID token when they saved it. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    channel: listingChannel('channel').notNull(),
    /** Canonical town slug from the path, if the search was a town page. */
    placeSlug: text('place_slug'),
    /** The search's URL query, as `toSearchParams` writes it. */
    params: text('params').notNull().default(''),
    frequency: alertFrequency('frequency').notNull().default('daily'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (table) => [index('saved_searches_owner_idx').on(table.ownerSub)],
);

/** Listings already e-mailed for a saved search: the key makes a second e-mail impossible. */
export const alertDeliveries = market.table(
  'alert_deliveries',
  {
    savedSearchId: bigint('saved_search_id', { mode: 'number' })
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.savedSearchId, table.listingId] })],
);

/** Listings a user never wants to see in their results again (undo from the hidden list). */
export const hiddenListings = market.table(
  'hidden_listings',
  {
    ownerSub: text('owner_sub').notNull(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.ownerSub, table.listingId] })],
);

export type SavedSearch = typeof savedSearches.$inferSelect;
