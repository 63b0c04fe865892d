/**
 * The coded values of a listing: database enums, form options and API enums all come from here.
 * Lists that are stored as positions (the must-have bit mask) may only ever be appended to.
 */

export const LISTING_CHANNELS = ['sale', 'rent'] as const;
export type ListingChannel = (typeof LISTING_CHANNELS)[number];

export const LISTING_STATUSES = [
  'draft',
  'active',
  'under_offer',
  'sold_stc',
  'let_agreed',
  'paused',
  'removed',
] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** The statuses in which a listing is on Roost for everyone to see. */
export const PUBLIC_STATUSES = [
  'active',
  'under_offer',
  'sold_stc',
  'let_agreed',
] as const satisfies readonly ListingStatus[];

export function isPublicStatus(status: string): boolean {
  return (PUBLIC_STATUSES as readonly string[]).includes(status);
}

/** What a lister may set; 'removed' and 'draft' belong to deletion and the wizard. */
export const OWNER_STATUSES = [
  'active',
  'under_offer',
  'sold_stc',
  'let_agreed',
  'paused',
] as const satisfies readonly ListingStatus[];

export const PROPERTY_TYPES = [
  'detached',
  'semi_detached',
  'terraced',
  'end_of_terrace',
  'flat',
  'maisonette',
  'bungalow',
  'cottage',
  'land',
  'park_home',
  'other',
] as const;
export type PropertyTypeValue = (typeof PROPERTY_TYPES)[number];

export const SALE_QUALIFIERS = [
  'guide_price',
  'offers_over',
  'offers_in_region_of',
  'fixed_price',
  'from',
  'poa',
] as const;
export const RENT_PERIODS = ['month', 'week'] as const;
export type RentPeriod = (typeof RENT_PERIODS)[number];

export const TENURES = [
  'freehold',
  'leasehold',
  'share_of_freehold',
  'commonhold',
  'shared_ownership',
] as const;

/** A–H in England and Scotland, A–I in Wales; Northern Ireland has domestic rates instead. */
export const COUNCIL_TAX_BANDS = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'I',
  'domestic_rates',
] as const;
export const EPC_RATINGS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'exempt', 'pending'] as const;
/** The energy efficiency bands of an EPC, best first (a potential rating is one of these). */
export const EPC_BANDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type EpcBand = (typeof EPC_BANDS)[number];
export const FURNISHED_STATES = ['furnished', 'part_furnished', 'unfurnished'] as const;
export type FurnishedState = (typeof FURNISHED_STATES)[number];
export const LET_TYPES = ['long_term', 'short_term', 'student'] as const;
export type LetType = (typeof LET_TYPES)[number];
export const MEDIA_KINDS = ['photo', 'floorplan'] as const;

/**
 * Facts visitors filter on ('must-haves'), set by listers. The order is fixed: it is each one's
 * bit in the search table's `features` mask (garden 1, parking 2, …), so only ever append.
 */
export const LISTING_FEATURES = [
  'garden',
  'parking',
  'new_build',
  'retirement',
  'shared_ownership',
  'auction',
] as const;
export type ListingFeature = (typeof LISTING_FEATURES)[number];

/** The must-haves as bits of the search table's `features` mask. */
export function featureMask(features: readonly ListingFeature[]): number {
  return features.reduce((mask, feature) => mask | (1 << LISTING_FEATURES.indexOf(feature)), 0);
}

/**
 * The search mask's bit for a let whose landlord considers pets (set from `pets_considered` by
 * the search sync, migration 0035): the bit after the must-haves.
 */
export const PETS_CONSIDERED_MASK = 1 << LISTING_FEATURES.length;

export const MAX_KEY_FEATURES = 10;
export const MAX_TOURS = 5;
