import { z } from 'zod';
import {
  FURNISHED_STATES,
  LET_TYPES,
  LISTING_CHANNELS,
  LISTING_FEATURES,
  PROPERTY_TYPES,
  RENT_PERIODS,
  SALE_QUALIFIERS,
} from '../../../domain/listing/enums.ts';
import {
  ADDED_WITHIN_DAYS,
  MAX_KEYWORDS_LENGTH,
  MAX_LOCATION_LENGTH,
  RADIUS_MILES,
  SORTS,
} from '../../../domain/search/search-params.ts';
import { PLACEMENTS } from './geocoder.ts';
import type { PlaceSuggestion } from './gazetteer.ts';
import type { SearchPage } from './run-search.ts';
import type { MapPoint } from './search-listings.ts';
import type { Same } from '../openapi/common.ts';
import { searchResultItem } from '../listings/api-responses.ts';

/**
 * The search filters as URL query parameters. The parser (domain/search/search-params.ts) never
 * fails: a value it cannot use is left out and explained in `notices`. The API test checks that
 * every parameter the parser writes is listed here.
 */
const amount = (description: string) =>
  z.string().optional().meta({ description, example: '250k' });

export const searchFilterParams = z.object({
  location: z.string().max(MAX_LOCATION_LENGTH).optional().meta({
    description: 'Town, outcode or full postcode',
    example: 'Leeds',
  }),
  near: z.string().optional().meta({ description: "'lat,lng' in the UK", example: '53.8,-1.55' }),
  polygon: z.string().optional().meta({
    description: "An area drawn on the map: 3 to 50 'lat,lng' points joined by ';'",
  }),
  radius: z
    .enum(RADIUS_MILES.map(String) as [string, ...string[]])
    .optional()
    .meta({
      description:
        "Miles around the place; '0' is 'this area only'. Left out: '0', or '0.5' for a full postcode",
    }),
  minPrice: amount("Whole pounds ('250k' and '£250,000' work too)"),
  maxPrice: amount('Whole pounds'),
  period: z.enum(['week']).optional().meta({ description: 'Rent prices are per week' }),
  minBeds: z.string().optional().meta({ description: 'Whole number, 0 to 50' }),
  maxBeds: z.string().optional().meta({ description: 'Whole number, 0 to 50' }),
  minArea: z.string().optional().meta({ description: 'Square feet' }),
  maxArea: z.string().optional().meta({ description: 'Square feet' }),
  type: z.array(z.enum(PROPERTY_TYPES)).optional().meta({ description: 'Property types (repeat)' }),
  has: z.array(z.enum(LISTING_FEATURES)).optional().meta({ description: 'Must-haves (repeat)' }),
  added: z
    .enum(ADDED_WITHIN_DAYS.map(String) as [string, ...string[]])
    .optional()
    .meta({ description: 'Added to the site within this many days' }),
  furnished: z.enum(FURNISHED_STATES).optional().meta({ description: 'Rentals only' }),
  letType: z.enum(LET_TYPES).optional().meta({ description: 'Rentals only' }),
  agreed: z
    .enum(['exclude'])
    .optional()
    .meta({ description: 'Leave out under offer, sold STC and let agreed' }),
  keywords: z.string().max(MAX_KEYWORDS_LENGTH).optional(),
  sort: z.enum(SORTS).optional(),
  page: z.coerce.number().int().min(1).max(1000).optional(),
  view: z.enum(['map']).optional().meta({ description: 'Show the map above the list' }),
});

/** What `/search` and `/search/map` add to the filters. */
export const searchScopeParams = z.object({
  channel: z.enum(LISTING_CHANNELS).optional().meta({ description: "Defaults to 'sale'" }),
  place: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/)
    .optional()
    .meta({ description: "A town's slug, as in /search/for-sale/leeds", example: 'leeds' }),
});

export const searchPageParams = searchFilterParams.extend(searchScopeParams.shape).extend({
  limit: z.coerce.number().int().min(1).max(24).optional().meta({ description: 'Page size' }),
});

const latLng = { lat: z.number(), lng: z.number() };

const searchQuery = z.object({
  location: z.string().optional(),
  polygon: z.array(z.object(latLng)).optional(),
  near: z.object(latLng).optional(),
  radius: z.number(),
  minPrice: z.int().optional(),
  maxPrice: z.int().optional(),
  pricePeriod: z.enum(RENT_PERIODS),
  minBeds: z.int().optional(),
  maxBeds: z.int().optional(),
  types: z.array(z.enum(PROPERTY_TYPES)),
  features: z.array(z.enum(LISTING_FEATURES)),
  addedWithinDays: z.int().optional(),
  furnished: z.enum(FURNISHED_STATES).optional(),
  letType: z.enum(LET_TYPES).optional(),
  includeAgreed: z.boolean(),
  minArea: z.int().optional(),
  maxArea: z.int().optional(),
  keywords: z.string().optional(),
  sort: z.enum(SORTS),
  page: z.int(),
  view: z.enum(['map']).optional(),
});

const placeSuggestion = z.object({ name: z.string(), slug: z.string(), nation: z.string() });

const located = { label: z.string(), ...latLng };
const placedBy = z.enum(PLACEMENTS).optional().meta({
  description:
    "Offline placement: at the centre of its postcode sector or district (ONS lookup); where the lookup lacks it (Northern Ireland's BT), by the homes listed in its postcode, sector, district or area, or at the post town of its area",
});
const resolvedLocation = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('place'), ...located, slug: z.string(), town: z.string() }),
  z.object({
    kind: z.literal('outcode'),
    ...located,
    outcode: z.string(),
    isApproximate: z.boolean().optional(),
    placedBy,
  }),
  z.object({
    kind: z.literal('postcode'),
    ...located,
    postcode: z.string(),
    isApproximate: z.boolean().optional().meta({
      description:
        'Placed by its sector, district, nearby homes or post town (offline), not its own centre',
    }),
    placedBy,
  }),
  z.object({ kind: z.literal('point'), ...located }),
]);

export const searchPage = z
  .object({
    channel: z.enum(LISTING_CHANNELS),
    query: searchQuery.meta({ description: 'The filters as understood' }),
    notices: z.array(z.string()).meta({ description: 'Plain English: values that were ignored' }),
    location: resolvedLocation.nullable(),
    locationProblem: z
      .object({ message: z.string(), suggestions: z.array(placeSuggestion) })
      .nullable()
      .meta({ description: 'The place typed was not found: why, and similar names' }),
    placeSlug: z.string().nullable(),
    items: z.array(searchResultItem),
    featured: z.array(searchResultItem).meta({
      description:
        "Up to 3 Featured homes matching every filter, pinned above `items` (rotated fairly every 5 minutes; never repeated in this page's `items`)",
    }),
    total: z.int(),
    totalIsLowerBound: z.boolean(),
    page: z.int(),
    pageCount: z.int(),
    widerCounts: z
      .array(z.object({ miles: z.number(), total: z.int() }))
      .meta({ description: 'No homes found around the location: the counts 1, 3 and 5 miles out' }),
  })
  .meta({ id: 'SearchPage' });

const mapPoint = z.object({
  id: z.int(),
  lat: z.number(),
  lng: z.number(),
  price: z.int(),
  channel: z.enum(LISTING_CHANNELS),
  rentPeriod: z.enum(RENT_PERIODS).nullable(),
  priceQualifier: z.enum(SALE_QUALIFIERS).nullable(),
  title: z.string(),
  bedrooms: z.int(),
  propertyType: z.enum(PROPERTY_TYPES),
  town: z.string(),
});

export const mapPoints = z
  .object({
    points: z.array(mapPoint),
    total: z.int(),
    more: z.boolean().meta({ description: 'More matches than points: zoom in or filter' }),
    centre: z
      .object({ ...latLng, label: z.string() })
      .nullable()
      .meta({
        description: 'Where the search is measured from (a postcode: as placed); null for none',
      }),
  })
  .meta({ id: 'MapPoints' });

export const placeSuggestions = z.object({
  places: z.array(
    placeSuggestion.extend({
      slug: z.string().nullable().meta({ description: 'null for a typed postcode' }),
      nation: z.string().nullable(),
    }),
  ),
});

const _page: Same<z.infer<typeof searchPage>, SearchPage> = true;
const _point: Same<z.infer<typeof mapPoint>, MapPoint> = true;
const _place: Same<z.infer<typeof placeSuggestion>, PlaceSuggestion> = true;
