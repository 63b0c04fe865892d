import { doublePrecision, integer, text } from 'drizzle-orm/pg-core';
import { market } from '../db/market-schema.ts';

/**
 * Postcode sector centres ('LS29 8') and the nation each lies in, from the ONS National Statistics
 * Postcode Lookup (Open Government Licence v3.0, credited on /about-us). Loaded at migration time
 * from `postcode-centroids/sectors.csv`, and again whenever that file changes.
 */
export const postcodeSectors = market.table('postcode_sectors', {
  sector: text('sector').primaryKey(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  /** How many postcodes the centre is the mean of. */
  postcodes: integer('postcodes').notNull(),
  /** England, Scotland or Wales (Northern Ireland's BT postcodes are not in the lookup). */
  nation: text('nation').notNull(),
});

/** Postcode district centres ('LS29'), the same way; `nation` is that of most of its postcodes. */
export const postcodeDistricts = market.table('postcode_districts', {
  district: text('district').primaryKey(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  postcodes: integer('postcodes').notNull(),
  nation: text('nation').notNull(),
});
