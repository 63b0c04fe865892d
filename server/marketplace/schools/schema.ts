import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { market } from '../db/market-schema.ts';

/**
 * Schools in England from the Department for Education's Get Information about Schools
 * (Open Government Licence v3.0; attribution on /data-sources), loaded from its full
 * establishment extract by `npm run data:import -- schools`. The demo seed adds clearly
 * labelled made-up schools (`source = 'demo'`, negative URNs) near its homes.
 */
export const schools = market.table(
  'schools',
  {
    /** The register's unique reference number; negative for demo schools. */
    urn: integer('urn').primaryKey(),
    source: text('source', { enum: ['gias', 'demo'] }).notNull(),
    name: text('name').notNull(),
    /** TypeOfEstablishment (name), e.g. 'Academy converter'. */
    type: text('type').notNull(),
    /** EstablishmentStatus (name): 'Open', 'Closed', 'Open, but proposed to close', … */
    status: text('status').notNull(),
    /** Taking pupils: only these are shown. */
    isOpen: boolean('is_open').notNull(),
    /** PhaseOfEducation (name). */
    phase: text('phase').notNull(),
    isPrimary: boolean('is_primary').notNull(),
    isSecondary: boolean('is_secondary').notNull(),
    lowAge: integer('low_age'),
    highAge: integer('high_age'),
    street: text('street').notNull(),
    town: text('town').notNull(),
    postcode: text('postcode').notNull(),
    localAuthority: text('local_authority').notNull(),
    /** WGS84, converted from the register's British National Grid reference; null if none. */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    ofstedRating: text('ofsted_rating'),
    ofstedInspectedOn: date('ofsted_inspected_on', { mode: 'string' }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The nearest-school query narrows on latitude, then longitude, within the index.
    index('schools_open_primary_idx')
      .on(table.lat, table.lng)
      .where(sql`${table.isOpen} and ${table.isPrimary}`),
    index('schools_open_secondary_idx')
      .on(table.lat, table.lng)
      .where(sql`${table.isOpen} and ${table.isSecondary}`),
  ],
);

export type SchoolRow = typeof schools.$inferSelect;
