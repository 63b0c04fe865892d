import { PREFILLED_FIELDS, type PrefilledField } from '../../../domain/listing/material-sources.ts';
import { z } from 'zod';
import { LET_NATIONS } from '../../../domain/lettings/rules-by-nation.ts';
import { APPEAL_STATUSES } from '../../../domain/moderation/appeal.ts';
import {
  COUNCIL_TAX_BANDS,
  EPC_RATINGS,
  FURNISHED_STATES,
  LET_TYPES,
  LISTING_CHANNELS,
  LISTING_FEATURES,
  LISTING_STATUSES,
  MEDIA_KINDS,
  PROPERTY_TYPES,
  RENT_PERIODS,
  SALE_QUALIFIERS,
  TENURES,
} from '../../../domain/listing/enums.ts';
import { ROOM_UNITS } from '../../../domain/listing/rooms.ts';
import {
  MATERIAL_FIELDS,
  type MaterialField,
} from '../../../domain/listing/material-information.ts';
import type { draftView } from './drafts-api.ts';
import type { OwnListing } from './find-own-listings.ts';
import type { ListingDetail } from './get-listing.ts';
import type { ListingSummary } from './listing-summary.ts';
import type { DraftMedia } from './schema.ts';
import type { SearchResultItem } from '../search/search-listings.ts';
import { nullableTimestamp, timestamp, type Json, type Same } from '../openapi/common.ts';

/** What the listing endpoints answer with; each checked against its use case's type below. */

const channel = z.enum(LISTING_CHANNELS);
const status = z.enum(LISTING_STATUSES);
const propertyType = z.enum(PROPERTY_TYPES);
const priceQualifier = z.enum(SALE_QUALIFIERS).nullable();
const rentPeriod = z.enum(RENT_PERIODS).nullable();
const count = z.int().min(0);
const pounds = z.int().meta({ description: 'Whole pounds' });

export const coverPhoto = z
  .object({ key: z.string(), width: z.int(), height: z.int(), caption: z.string() })
  .meta({ description: 'The first photo; `key` is its blob key for /img/' });

export const listingSummary = z
  .object({
    id: z.int(),
    channel,
    status,
    propertyType,
    title: z.string(),
    price: pounds,
    priceQualifier,
    rentPeriod,
    bedrooms: count,
    bathrooms: count,
    displayAddress: z.string().meta({ description: 'Street and town only' }),
    town: z.string(),
    outcode: z.string(),
    publishedAt: nullableTimestamp,
    isNew: z.boolean(),
    isReduced: z.boolean(),
    reduction: z
      .object({
        by: pounds.meta({ description: "Whole pounds, in the listing's own price period" }),
        on: timestamp,
      })
      .nullable()
      .meta({ description: 'The latest price change, when it was a drop in the last 30 days' }),
    cover: coverPhoto.nullable(),
  })
  .meta({ id: 'ListingSummary', description: 'A results card: never the full address' });

export const ownListing = listingSummary
  .extend({
    viewCount: count,
    enquiryCount: count,
    favouriteCount: count,
    deletedAt: nullableTimestamp,
    statusChangedAt: timestamp,
    moderation: z.enum(['held', 'review-requested']).nullable().meta({
      description: "Paused by moderators: 'held', then 'review-requested' once the lister asks",
    }),
    appeal: z.enum(APPEAL_STATUSES).nullable().meta({
      description: "The lister's appeal against the latest moderation decision",
    }),
    canAppeal: z.boolean().meta({
      description: 'Paused or removed by moderators and not yet appealed',
    }),
    letRules: z
      .object({ issues: z.array(z.string()), dueAt: timestamp })
      .nullable()
      .meta({
        description:
          "A let found breaking its nation's rules: what to fix, and when it is (or was) paused",
      }),
    confirmation: z.object({ pausesAt: timestamp }).nullable().meta({
      description:
        "Asked 'Is it still available?' and not answered yet: when it is paused without an answer",
    }),
  })
  .meta({ id: 'OwnListing', description: 'One of my listings, deleted ones too' });

export const searchResultItem = listingSummary
  .extend({
    floorAreaSqFt: z.int().nullable(),
    distanceMiles: z.number().nullable().meta({ description: 'From the searched place' }),
  })
  .meta({ id: 'SearchResultItem', description: 'A search result card' });

const mediaItem = z.object({
  blobKey: z.string(),
  width: z.int(),
  height: z.int(),
  caption: z.string(),
});

const materialInfo = z.object(
  Object.fromEntries(MATERIAL_FIELDS.map(([field]) => [field, z.string().optional()])) as Record<
    MaterialField,
    z.ZodOptional<z.ZodString>
  >,
);

const dataSource = {
  source: z.string().meta({ description: 'The open dataset, as its publisher names it' }),
  asOf: z.iso.date().meta({ description: 'When the dataset describes' }),
  isDemo: z.boolean().meta({ description: 'Made up for a demonstration home' }),
};
/** Which stated parts came from open data (flood risk, broadband) and why a lister differs. */
const materialSource = z
  .discriminatedUnion('from', [
    z.object({ from: z.literal('data'), ...dataSource }),
    z.object({
      from: z.literal('lister'),
      reason: z.string(),
      dataText: z.string().meta({ description: 'What the dataset says' }),
      ...dataSource,
    }),
  ])
  .optional();
const materialSources = z
  .object(
    Object.fromEntries(PREFILLED_FIELDS.map((field) => [field, materialSource])) as Record<
      PrefilledField,
      typeof materialSource
    >,
  )
  .meta({ id: 'MaterialSources' });

/** What the imported open data suggests for a draft's flood risk and broadband. */
export const materialSuggestions = z.object({
  suggestions: z.array(
    z.object({
      field: z.enum(PREFILLED_FIELDS),
      text: z.string().meta({ description: 'The wording the wizard fills in' }),
      ...dataSource,
    }),
  ),
});

const room = z
  .object({
    name: z.string(),
    lengthM: z.number().meta({ description: 'Metres, to the millimetre' }),
    widthM: z.number().meta({ description: 'Metres, to the millimetre' }),
  })
  .meta({ id: 'Room', description: 'A room and its size as the lister gave them' });

export const listingDetail = z
  .object({
    id: z.int(),
    channel,
    status,
    propertyType,
    title: z.string(),
    description: z.string(),
    keyFeatures: z.array(z.string()),
    price: pounds,
    monthlyPrice: z.int().nullable().meta({ description: 'Rents per calendar month' }),
    priceQualifier,
    rentPeriod,
    bedrooms: count,
    bathrooms: count,
    receptions: count,
    floorAreaSqFt: z.int().nullable().meta({
      description: "As the lister gave it, or else the rooms' total",
    }),
    rooms: z.array(room),
    roomUnit: z.enum(ROOM_UNITS).meta({
      description: "The unit the lister typed room sizes in: 'm' or 'ft_in'",
    }),
    furnished: z.enum(FURNISHED_STATES).nullable(),
    letType: z.enum(LET_TYPES).nullable(),
    availableFrom: z.iso.date().nullable(),
    deposit: pounds.nullable(),
    holdingDeposit: pounds.nullable(),
    billsIncluded: z.boolean(),
    petsConsidered: z.boolean(),
    registrationNumber: z.string().nullable().meta({
      description:
        "Lets: landlord registration (Scotland), Rent Smart Wales or PRS Database number, or 'landlord registration pending'",
    }),
    features: z.array(z.enum(LISTING_FEATURES)),
    tenure: z.enum(TENURES).nullable(),
    leaseYearsRemaining: z.int().nullable(),
    groundRentPerYear: pounds.nullable(),
    serviceChargePerYear: pounds.nullable(),
    councilTaxBand: z.enum(COUNCIL_TAX_BANDS).nullable(),
    domesticRatesPerYear: pounds.nullable(),
    epcRating: z.enum(EPC_RATINGS).nullable(),
    epcPotential: z.enum(EPC_RATINGS).nullable(),
    materialInfo,
    materialSources,
    tours: z.array(z.object({ kind: z.enum(['video', 'tour']), url: z.url(), title: z.string() })),
    isFullAddressShown: z.boolean(),
    town: z.string(),
    county: z.string().nullable(),
    country: z.string(),
    outcode: z.string(),
    publishedAt: nullableTimestamp,
    confirmedAt: nullableTimestamp,
    statusChangedAt: timestamp,
    createdAt: timestamp,
    updatedAt: timestamp,
    displayAddress: z.string().meta({ description: 'Street and town, unless the lister opts in' }),
    photos: z.array(mediaItem),
    floorplans: z.array(mediaItem),
    location: z.object({
      lat: z.number(),
      lng: z.number(),
      isApproximate: z.boolean().meta({ description: 'Rounded to about 100 m' }),
    }),
    priceHistory: z.array(z.object({ price: pounds, changedAt: timestamp })),
    statusHistory: z.array(
      z.object({
        event: z.enum(['relisted', 'under_offer', 'sold_stc', 'let_agreed', 'back_on_market']),
        changedAt: timestamp,
      }),
    ),
    reducedOn: nullableTimestamp,
  })
  .meta({
    id: 'Listing',
    description: 'Public view: street and town only unless the lister opts in',
  });

export const draftMedia = z
  .object({
    key: z.string().meta({ description: 'Content hash of the original (64 hex characters)' }),
    kind: z.enum(MEDIA_KINDS),
    width: z.int(),
    height: z.int(),
    caption: z.string(),
  })
  .meta({ id: 'Media' });

export const draft = z
  .object({
    id: z.string(),
    listingId: z.int().nullable().meta({ description: 'Set when the draft edits a listing' }),
    step: z.int().min(1),
    data: z.record(z.string(), z.unknown()).meta({ description: 'The wizard fields saved so far' }),
    media: z.array(draftMedia),
    isOwned: z.boolean(),
    nation: z.enum(LET_NATIONS).nullable().meta({
      description: 'The UK nation of the postcode saved so far, whose letting rules apply',
    }),
    updatedAt: timestamp,
  })
  .meta({ id: 'Draft', description: "The add-listing wizard's state on the server" });

/** `{ id, listing }`: what create, update and publish answer with. */
export const savedListing = z.object({
  id: z.int(),
  isHeldForReview: z.boolean().meta({
    description:
      "The new listing repeats one of the lister's listings that moderators paused or removed (same address, title, description or photos): it stays paused until a moderator checks it",
  }),
  listing: listingDetail,
});

const _summary: Same<z.infer<typeof listingSummary>, ListingSummary> = true;
const _own: Same<z.infer<typeof ownListing>, OwnListing> = true;
const _result: Same<z.infer<typeof searchResultItem>, SearchResultItem> = true;
const _detail: Same<z.infer<typeof listingDetail>, Json<ListingDetail>> = true;
const _media: Same<z.infer<typeof draftMedia>, DraftMedia> = true;
const _draft: Same<z.infer<typeof draft>, ReturnType<typeof draftView>> = true;
