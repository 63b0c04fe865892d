import { sql } from 'drizzle-orm';
import { bigint, index, integer, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import {
  FAVOURITE_ALERT_CHOICES,
  FAVOURITE_ALERT_KINDS,
} from '../../../domain/favourites/favourite-alerts.ts';
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

export const favouriteAlertKind = market.enum('favourite_alert_kind', FAVOURITE_ALERT_KINDS);
export const favouriteAlertChoice = market.enum('favourite_alert_choice', FAVOURITE_ALERT_CHOICES);

/**
 * When a user wants e-mails about their saved homes, per kind, and where they go: the e-mail
 * from their verified ID token when they last saved a home or changed these choices.
 */
export const favouriteAlertSettings = market.table('favourite_alert_settings', {
  userSub: text('user_sub').primaryKey(),
  email: text('email'),
  reduced: favouriteAlertChoice('reduced').notNull().default('instant'),
  underOffer: favouriteAlertChoice('under_offer').notNull().default('instant'),
  letAgreed: favouriteAlertChoice('let_agreed').notNull().default('instant'),
  withdrawn: favouriteAlertChoice('withdrawn').notNull().default('instant'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Changes to saved homes worth telling their savers, found by the `favourite-alerts` job. The
 * unique key (one row per change, by its time) is what makes each change e-mailed once only,
 * however many instances look for it; `sent_at` is set in the transaction that sends.
 */
export const favouriteAlertEvents = market.table(
  'favourite_alert_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userSub: text('user_sub').notNull(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    kind: favouriteAlertKind('kind').notNull(),
    /** What happened: 'reduced', 'under_offer', 'sold_stc', 'let_agreed' or 'withdrawn'. */
    event: text('event').notNull(),
    /** When the listing changed (its history entry, or when it left Roost). */
    eventAt: timestamp('event_at', { withTimezone: true }).notNull(),
    priceBefore: integer('price_before'),
    priceAfter: integer('price_after'),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    /** E-mailed, or dropped because the user chose 'Never' before it went. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    unique('favourite_alert_events_once').on(
      table.userSub,
      table.listingId,
      table.kind,
      table.eventAt,
    ),
    index('favourite_alert_events_pending_idx')
      .on(table.userSub)
      .where(sql`${table.sentAt} is null`),
    index('favourite_alert_events_listing_idx').on(table.listingId),
  ],
);

export type FavouriteAlertEvent = typeof favouriteAlertEvents.$inferSelect;
