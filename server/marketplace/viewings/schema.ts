import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { WeeklyHours } from '../../../domain/viewings/slots.ts';
import { market } from '../db/market-schema.ts';
import { listings } from '../listings/schema.ts';

/** When a listing's lister shows the home: one row per listing that takes bookings. */
export const viewingAvailability = market.table('viewing_availability', {
  listingId: bigint('listing_id', { mode: 'number' })
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  weekly: jsonb('weekly').$type<WeeklyHours[]>().notNull().default([]),
  /** UK calendar days (`YYYY-MM-DD`) without viewings. */
  datesOff: jsonb('dates_off').$type<string[]>().notNull().default([]),
  slotMinutes: integer('slot_minutes').notNull(),
  gapMinutes: integer('gap_minutes').notNull(),
  bookAheadDays: integer('book_ahead_days').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const VIEWING_STATUSES = ['booked', 'cancelled'] as const;

/**
 * A viewing booked in a free slot of the lister's calendar. A move changes its time in place
 * (its calendar entry's `sequence` goes up); a cancellation keeps the row, so the booker's
 * hourly limit still counts it.
 */
export const viewings = market.table(
  'viewings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    bookerSub: text('booker_sub').notNull(),
    bookerName: text('booker_name').notNull(),
    bookerEmail: text('booker_email').notNull(),
    note: text('note').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: VIEWING_STATUSES }).notNull().default('booked'),
    cancelledBy: text('cancelled_by', { enum: ['lister', 'booker'] }),
    /** Goes up on every move, as the calendar entry's SEQUENCE (RFC 5545). */
    sequence: integer('sequence').notNull().default(0),
    /** When it was booked or last moved: a reminder is due only for one booked a day ahead. */
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull().defaultNow(),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The database, not the code, makes double-booking impossible, however many book at once.
    uniqueIndex('viewings_one_booking_per_slot')
      .on(table.listingId, table.startsAt)
      .where(sql`${table.status} = 'booked'`),
    index('viewings_booker_idx').on(table.bookerSub, table.createdAt),
    index('viewings_due_reminder_idx')
      .on(table.startsAt)
      .where(sql`${table.status} = 'booked' and ${table.remindedAt} is null`),
    check('viewings_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

export type Viewing = typeof viewings.$inferSelect;
