import { doublePrecision, index, text, timestamp } from 'drizzle-orm/pg-core';
import { market } from '../db/market-schema.ts';

/**
 * Rail, metro, underground and tram stations from the Department for Transport's NaPTAN
 * (Open Government Licence v3.0; credit on /data-sources), loaded by `npm run data:import --
 * stations`. The demo seed adds clearly labelled made-up stations (`source = 'demo'`).
 */
export const stations = market.table(
  'stations',
  {
    /** NaPTAN's ATCOCode: '9100LEEDS'; 'DEMO-…' for demo stations. */
    atcoCode: text('atco_code').primaryKey(),
    source: text('source', { enum: ['naptan', 'demo'] }).notNull(),
    /** 'rail' (StopType RLY) or 'metro' (MET: metro, underground and tram). */
    kind: text('kind', { enum: ['rail', 'metro'] }).notNull(),
    /** NaPTAN's CommonName: 'Leeds Rail Station'. */
    name: text('name').notNull(),
    locality: text('locality').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The nearest-stations query narrows to a box on these before measuring exact distances.
  (table) => [index('stations_lat_lng_idx').on(table.lat, table.lng)],
);

export type StationRow = typeof stations.$inferSelect;
