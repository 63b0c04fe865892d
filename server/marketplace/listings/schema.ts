import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type {
  MaterialInformation,
  TourLink,
} from '../../../domain/listing/material-information.ts';
import type { MaterialSources } from '../../../domain/listing/material-sources.ts';
import { ROOM_UNITS, type Room } from '../../../domain/listing/rooms.ts';
import {
  COUNCIL_TAX_BANDS,
  EPC_RATINGS,
  FURNISHED_STATES,
  LET_TYPES,
  LISTING_CHANNELS,
  LISTING_FEATURES,
  LISTING_STATUSES,
  MEDIA_KINDS,
  RENT_PERIODS,
  SALE_QUALIFIERS,
  TENURES,
  PROPERTY_TYPES,
} from '../../../domain/listing/enums.ts';
import { market } from '../db/market-schema.ts';

export const listingChannel = market.enum('listing_channel', LISTING_CHANNELS);

export const listingStatus = market.enum('listing_status', LISTING_STATUSES);

export const propertyType = market.enum('property_type', PROPERTY_TYPES);

export const priceQualifier = market.enum('price_qualifier', SALE_QUALIFIERS);

export const rentPeriod = market.enum('rent_period', RENT_PERIODS);

export const mediaKind = market.enum('media_kind', MEDIA_KINDS);

export const tenure = market.enum('tenure', TENURES);

export const councilTaxBand = market.enum('council_tax_band', COUNCIL_TAX_BANDS);

export const epcRating = market.enum('epc_rating', EPC_RATINGS);

export const furnishedState = market.enum('furnished_state', FURNISHED_STATES);

export const letType = market.enum('let_type', LET_TYPES);

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
    /**
     * The rooms the lister gave, sizes in metres (domain/listing/rooms.ts, whose zod schema checks
     * them before every write). A jsonb list rather than a table: rooms are only ever read and
     * written whole with their listing, never searched or joined on their own.
     */
    rooms: jsonb('rooms')
      .$type<Room[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The unit the lister typed room sizes in; the page shows both. */
    roomUnit: text('room_unit', { enum: ROOM_UNITS }).notNull().default('m'),
    /** Rents: furnished state, let type and Tenant Fees Act deposits (whole pounds). */
    furnished: furnishedState('furnished'),
    letType: letType('let_type'),
    availableFrom: date('available_from', { mode: 'string' }),
    deposit: integer('deposit'),
    holdingDeposit: integer('holding_deposit'),
    billsIncluded: boolean('bills_included').notNull().default(false),
    petsConsidered: boolean('pets_considered').notNull().default(false),
    /**
     * Lets: the number the nation's landlord register issued (Scotland's landlord registration,
     * Rent Smart Wales, England's PRS Database), or 'landlord registration pending' (Scotland).
     */
    registrationNumber: text('registration_number'),
    /** Must-haves visitors filter on (garden, parking, new build, …): `LISTING_FEATURES`. */
    features: text('features', { enum: LISTING_FEATURES })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Sales: tenure, with the leasehold figures buyers must be told (whole pounds a year). */
    tenure: tenure('tenure'),
    leaseYearsRemaining: integer('lease_years_remaining'),
    groundRentPerYear: integer('ground_rent_per_year'),
    serviceChargePerYear: integer('service_charge_per_year'),
    councilTaxBand: councilTaxBand('council_tax_band'),
    domesticRatesPerYear: integer('domestic_rates_per_year'),
    epcRating: epcRating('epc_rating'),
    /** The certificate's potential rating (A–G), when the home has a rating. */
    epcPotential: epcRating('epc_potential'),
    /** National Trading Standards material information parts B and C. */
    materialInfo: jsonb('material_info')
      .$type<MaterialInformation>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Which stated parts came from open data, and the lister's reason where they differ. */
    materialSources: jsonb('material_sources')
      .$type<MaterialSources>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Video and virtual-tour links (the draft's 'theatres'). */
    tours: jsonb('tours')
      .$type<TourLink[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    /** Off unless the lister opts in: the public sees street and town only. */
    isFullAddressShown: boolean('is_full_address_shown').notNull().default(false),
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
    /** Where enquiries are e-mailed: the lister's verified e-mail when they published. */
    contactEmail: text('contact_email'),
    /** Soft delete: restorable for 30 days, then purged. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Set while an administrator has disabled the lister's account: the listing leaves search and
     * its page until the account is re-enabled (the status itself is left alone).
     */
    ownerSuspendedAt: timestamp('owner_suspended_at', { withTimezone: true }),
    /** Freshness: when the lister last said it is still available, and when we last asked. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmRequestedAt: timestamp('confirm_requested_at', { withTimezone: true }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A live let found breaking its nation's rules (domain/lettings): the field messages, and
     * the day it is paused unless the lister fixes it first. Cleared when it passes again.
     */
    letRuleIssues: jsonb('let_rule_issues').$type<Record<string, string>>(),
    letRulesDueAt: timestamp('let_rules_due_at', { withTimezone: true }),
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
  (table) => [
    index('listing_media_listing_idx').on(table.listingId, table.kind, table.position),
    // Expiring anonymous drafts asks whether any listing still shows a photo before deleting it.
    index('listing_media_blob_idx').on(table.blobKey),
  ],
);

/** Every asking price a listing has had, oldest first; a drop earns 'Reduced on <date>'. */
export const listingPriceHistory = market.table(
  'listing_price_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('listing_price_history_listing_idx').on(table.listingId, table.changedAt)],
);

/** What a listing's history shows besides its prices: relisting and the sale or let agreed. */
export const LISTING_EVENTS = [
  'relisted',
  'under_offer',
  'sold_stc',
  'let_agreed',
  'back_on_market',
] as const;
export type ListingEventKind = (typeof LISTING_EVENTS)[number];

/** Status changes the public sees in a listing's history, written when the lister makes them. */
export const listingStatusHistory = market.table(
  'listing_status_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    event: text('event', { enum: LISTING_EVENTS }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('listing_status_history_listing_idx').on(table.listingId, table.changedAt)],
);

/**
 * A lister's public face: the name shown on their profile (first name and initial), under a
 * random public id so the profile's address reveals nothing about their account.
 */
export const listers = market.table('listers', {
  sub: text('sub').primaryKey(),
  publicId: text('public_id').notNull().unique(),
  displayName: text('display_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The add-listing wizard's work in progress (`tempPropertyId`), kept on the server so uploads
 * survive reloads and the sign-in redirect. Unowned until a signed-in visitor touches it; its
 * random id is the only key to an unowned draft.
 */
export const listingDrafts = market.table(
  'listing_drafts',
  {
    id: text('id').primaryKey(),
    ownerSub: text('owner_sub'),
    /** Set when the draft edits an existing listing. */
    listingId: bigint('listing_id', { mode: 'number' }).references(() => listings.id, {
      onDelete: 'cascade',
    }),
    step: smallint('step').notNull().default(1),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    media: jsonb('media')
      .$type<DraftMedia[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Drafts started signed out: a hash of the address that started it (per-address limit). */
    creatorHash: text('creator_hash'),
    ...timestamps,
  },
  (table) => [
    index('listing_drafts_owner_idx').on(table.ownerSub),
    index('listing_drafts_creator_idx').on(table.creatorHash, table.createdAt),
  ],
);

export interface DraftMedia {
  key: string;
  kind: 'photo' | 'floorplan';
  width: number;
  height: number;
  caption: string;
}

export type Listing = typeof listings.$inferSelect;
export type ListingDraftRow = typeof listingDrafts.$inferSelect;
export type NewListing = typeof listings.$inferInsert;
export type ListingMedia = typeof listingMedia.$inferSelect;
