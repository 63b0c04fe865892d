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
} from 'drizzle-orm/pg-core';
import { PROPERTY_TYPES } from '../../../app/lib/search-params.ts';
import { market } from '../db/market-schema.ts';

export const listingChannel = market.enum('listing_channel', ['sale', 'rent']);

export const listingStatus = market.enum('listing_status', [
  'draft',
  'active',
  'under_offer',
  'sold_stc',
  'let_agreed',
  'paused',
  'removed',
]);

export const propertyType = market.enum('property_type', PROPERTY_TYPES);

export const priceQualifier = market.enum('price_qualifier', [
  'guide_price',
  'offers_over',
  'offers_in_region_of',
  'fixed_price',
  'from',
  'poa',
]);

export const rentPeriod = market.enum('rent_period', ['month', 'week']);

export const mediaKind = market.enum('media_kind', ['photo', 'floorplan']);

/** Postgres full-text vector; kept up to date by a trigger (see the search_vector migration). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/**
 * One property advertised for sale or to let. The listings issue grows this table with the full
 * material information; columns here are the ones every listing has.
 */
export const listings = market.table(
  'listings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The lister: the identity token's `sub`. */
    ownerSub: text('owner_sub').notNull(),
    channel: listingChannel('channel').notNull(),
    status: listingStatus('status').notNull().default('draft'),
    propertyType: propertyType('property_type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    keyFeatures: text('key_features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Whole pounds: the asking price for sale, the rent per `rentPeriod` to let. */
    price: integer('price').notNull(),
    /** The price per calendar month for rents (weekly × 52 / 12), the price itself for sales. */
    monthlyPrice: integer('monthly_price').generatedAlwaysAs(
      sql`CASE WHEN rent_period = 'week' THEN round(price * 52 / 12.0)::integer ELSE price END`,
    ),
    priceQualifier: priceQualifier('price_qualifier'),
    rentPeriod: rentPeriod('rent_period'),
    bedrooms: smallint('bedrooms').notNull().default(0),
    bathrooms: smallint('bathrooms').notNull().default(0),
    receptions: smallint('receptions').notNull().default(0),
    floorAreaSqFt: integer('floor_area_sq_ft'),
    addressLine1: text('address_line1').notNull(),
    town: text('town').notNull(),
    county: text('county'),
    country: text('country').notNull(),
    /** Normalised full postcode, e.g. `SW1A 1AA`. */
    postcode: text('postcode').notNull(),
    /** Outward code (postcode district), e.g. `SW1A`. */
    outcode: text('outcode').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    viewCount: integer('view_count').notNull().default(0),
    enquiryCount: integer('enquiry_count').notNull().default(0),
    /** Title, key features and description for keyword search (English stemming). */
    searchVector: tsvector('search_vector'),
    ...timestamps,
  },
  (table) => [
    index('listings_channel_status_published_idx').on(
      table.channel,
      table.status,
      table.publishedAt.desc(),
    ),
    index('listings_owner_idx').on(table.ownerSub),
    index('listings_outcode_idx').on(table.outcode),
    // Search (docs/search.md): radius by GiST over the earth cube, b-trees for the common
    // filters and sorts, GIN for keywords.
    index('listings_earth_idx').using('gist', sql`ll_to_earth(${table.lat}, ${table.lng})`),
    index('listings_channel_status_price_idx').on(table.channel, table.status, table.monthlyPrice),
    index('listings_channel_status_bedrooms_idx').on(table.channel, table.status, table.bedrooms),
    index('listings_search_vector_idx').using('gin', table.searchVector),
    index('listings_town_idx').on(sql`lower(${table.town})`, table.channel),
  ],
);

/** Photos and floorplans of a listing, in display order; the first photo is the cover. */
export const listingMedia = market.table(
  'listing_media',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    kind: mediaKind('kind').notNull().default('photo'),
    position: smallint('position').notNull(),
    /** Key in the blob store (content hash of the original). */
    blobKey: text('blob_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    caption: text('caption').notNull().default(''),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('listing_media_listing_idx').on(table.listingId, table.kind, table.position)],
);

export type Listing = typeof listings.$inferSelect;
export type NewListing = typeof listings.$inferInsert;
export type ListingMedia = typeof listingMedia.$inferSelect;
