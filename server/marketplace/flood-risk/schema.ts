import { customType, index, integer, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { market } from '../db/market-schema.ts';

// PostgreSQL's built-in geometric types, written and read as their text forms ('((x,y),…)');
// the lookups are SQL (find-flood-risk.ts), so no value is parsed in JavaScript.
const polygon = customType<{ data: string }>({ dataType: () => 'polygon' });
const polygons = customType<{ data: string }>({ dataType: () => 'polygon[]' });
const box = customType<{ data: string }>({ dataType: () => 'box' });

/**
 * Flood Zones 2 and 3 of the Environment Agency's Flood Map for Planning (Rivers and Sea), for
 * England (Open Government Licence v3.0; attribution on /data-sources), loaded by
 * `npm run data:import -- flood-zones`, one row a polygon (a MultiPolygon is split), in
 * longitude/latitude as x/y. The demo seed adds clearly labelled made-up zones (`source = 'demo'`).
 */
export const floodZones = market.table(
  'flood_zones',
  {
    id: serial('id').primaryKey(),
    source: text('source', { enum: ['environment-agency', 'demo'] }).notNull(),
    /** 2 or 3. */
    zone: smallint('zone').notNull(),
    /** The publisher's OBJECTID, where given: several rows share it when it was a MultiPolygon. */
    featureId: text('feature_id'),
    floodSource: text('flood_source'),
    origin: text('origin'),
    outline: polygon('outline').notNull(),
    /** Holes in the outline: a point inside one is not in this polygon. */
    holes: polygons('holes').notNull().default('{}'),
    /** The outline's bounding box, for the GiST index every lookup starts with. */
    bbox: box('bbox').notNull(),
    vertices: integer('vertices').notNull(),
    /** When the file was loaded: the date a listing's flood-risk statement cites. */
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('flood_zones_bbox_idx').using('gist', table.bbox),
    index('flood_zones_source_idx').on(table.source),
  ],
);
