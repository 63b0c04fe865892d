import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { market } from '../db/market-schema.ts';

/**
 * Homes sold in England and Wales, from HM Land Registry's Price Paid Data (Open Government
 * Licence v3.0; attribution on /data-sources), loaded by `npm run data:import -- price-paid`.
 * The demo seed adds clearly labelled made-up sales (`source = 'demo'`) for its own homes.
 */
export const soldPrices = market.table(
  'sold_prices',
  {
    /** The publisher's transaction identifier, '{GUID}'; 'DEMO-…' for demo sales. */
    transactionId: text('transaction_id').primaryKey(),
    source: text('source', { enum: ['land-registry', 'demo'] }).notNull(),
    price: integer('price').notNull(),
    soldOn: date('sold_on', { mode: 'string' }).notNull(),
    postcode: text('postcode').notNull(),
    /** Outward code, 'LS6'. */
    postcodeDistrict: text('postcode_district').notNull(),
    /** 'LS6 1'. */
    postcodeSector: text('postcode_sector').notNull(),
    /** D, S, T, F or O (domain/sold-prices/price-paid-record.ts). */
    propertyType: text('property_type').notNull(),
    isNewBuild: boolean('is_new_build').notNull(),
    /** F, L or U. */
    tenure: text('tenure').notNull(),
    paon: text('paon').notNull(),
    saon: text('saon').notNull(),
    street: text('street').notNull(),
    locality: text('locality').notNull(),
    town: text('town').notNull(),
    district: text('district').notNull(),
    county: text('county').notNull(),
    category: text('category').notNull(),
    /** `saleAddressKey`: the home, for 'Sold history for this home'. */
    addressKey: text('address_key').notNull(),
    /** `streetSlug` of the street: with the district, the street page. */
    streetKey: text('street_key').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sold_prices_address_idx').on(table.addressKey),
    index('sold_prices_postcode_idx').on(table.postcode),
    index('sold_prices_street_idx').on(
      table.postcodeDistrict,
      table.streetKey,
      sql`${table.soldOn} desc`,
    ),
    index('sold_prices_sector_idx').on(table.postcodeSector, sql`${table.soldOn} desc`),
  ],
);

export type SoldPriceRow = typeof soldPrices.$inferSelect;
