import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { LISTING_STATUSES } from '../../../../domain/listing/enums.ts';
import { fullListingSchema } from '../../../../domain/listing/listing-schema.ts';
import { addressStep } from '../../../../domain/listing/steps/address-step.ts';
import { detailsStep } from '../../../../domain/listing/steps/details-step.ts';
import { materialStep } from '../../../../domain/listing/steps/material-step.ts';
import { mediaStep } from '../../../../domain/listing/steps/media-step.ts';
import { priceStep } from '../../../../domain/listing/steps/price-step.ts';
import { typeStep } from '../../../../domain/listing/steps/type-step.ts';
import { priceInput } from '../../listings/change-listing-price.ts';
import { statusInput, type ChangeStatusResult } from '../../listings/change-listing-status.ts';
import {
  errors,
  json,
  jsonBody,
  listingIdPath,
  noContent,
  signedIn,
  type Same,
} from '../common.ts';
import { draft, listingDetail, ownListing, savedListing } from '../listing-responses.ts';

/** A listing as the API takes it: every wizard rule at once (domain/listing/listing-schema.ts). */
export const listingInput = fullListingSchema.meta({
  id: 'ListingInput',
  description:
    "Every wizard field. Text is normalised, contact details are removed and unlawful wording ('No DSS', 'No children') is refused; rents need a deposit within the Tenant Fees Act cap.",
});

/** PATCH: any of the same fields (each with its own rules), merged over the listing. */
const listingPatch = z
  .object({
    ...typeStep.shape,
    ...addressStep.shape,
    ...detailsStep.shape,
    ...materialStep.shape,
    ...mediaStep.shape,
    ...priceStep.shape,
  })
  .partial()
  .meta({
    id: 'ListingPatch',
    description: 'Any ListingInput fields: merged over the listing, then every rule runs again',
  });

/** A listing the API accepts (the API test posts it). */
export const listingExample = {
  channel: 'sale',
  propertyType: 'terraced',
  addressLine1: '4 Cardigan Road',
  town: 'Leeds',
  postcode: 'LS6 1AB',
  title: 'Three bedroom terraced house',
  description: 'A well kept terraced house near the park, with a long garden.',
  bedrooms: 3,
  bathrooms: 1,
  receptions: 2,
  tenure: 'freehold',
  councilTaxBand: 'C',
  epcRating: 'D',
  price: 250000,
  priceQualifier: 'guide_price',
  features: ['garden'],
};

const statusResult = z.object({
  status: z.enum(LISTING_STATUSES),
  awaitingReview: z.boolean().optional().meta({
    description: 'The listing stays paused: moderators were asked to check it first',
  }),
});
const _status: Same<z.infer<typeof statusResult>, ChangeStatusResult> = true;

export const listingPaths: ZodOpenApiPathsObject = {
  '/me/listings': {
    get: {
      operationId: 'listMyListings',
      tags: ['Listings'],
      summary: 'My listings, newest first (deleted ones too, restorable for 30 days)',
      security: signedIn,
      responses: {
        200: json('My listings', z.object({ listings: z.array(ownListing) })),
        ...errors(401),
      },
    },
  },
  '/listings': {
    post: {
      operationId: 'createListing',
      tags: ['Listings'],
      summary: 'Create a listing, live at once (add photos through an edit draft)',
      security: signedIn,
      requestBody: jsonBody(listingInput, listingExample),
      responses: { 201: json('Created', savedListing), ...errors(400, 401, 422) },
    },
  },
  '/listings/{id}': {
    get: {
      operationId: 'getListing',
      tags: ['Listings'],
      summary: 'Read a listing',
      requestParams: { path: listingIdPath },
      responses: {
        200: json('The listing', z.object({ listing: listingDetail })),
        ...errors(404, 410),
      },
    },
    patch: {
      operationId: 'updateListing',
      tags: ['Listings'],
      summary: 'Update my listing (a lower price shows as reduced)',
      security: signedIn,
      requestParams: { path: listingIdPath },
      requestBody: jsonBody(listingPatch, { price: 240000 }),
      responses: { 200: json('Updated', savedListing), ...errors(400, 401, 404, 422) },
    },
    delete: {
      operationId: 'deleteListing',
      tags: ['Listings'],
      summary: 'Delete my listing (restorable for 30 days)',
      security: signedIn,
      requestParams: { path: listingIdPath },
      responses: { 204: noContent('Deleted'), ...errors(401, 404, 410) },
    },
  },
  '/listings/{id}/restore': {
    post: {
      operationId: 'restoreListing',
      tags: ['Listings'],
      summary: 'Restore a deleted listing',
      security: signedIn,
      requestParams: { path: listingIdPath },
      responses: { 204: noContent('Restored'), ...errors(401, 404, 410) },
    },
  },
  '/listings/{id}/status': {
    post: {
      operationId: 'changeListingStatus',
      tags: ['Listings'],
      summary: 'Change the status',
      description:
        "A listing moderators paused stays paused: 'active' asks them to check it (awaitingReview: true).",
      security: signedIn,
      requestParams: { path: listingIdPath },
      requestBody: jsonBody(statusInput, { status: 'under_offer' }),
      responses: { 200: json('The status now', statusResult), ...errors(400, 401, 404, 409, 422) },
    },
  },
  '/listings/{id}/price': {
    post: {
      operationId: 'changeListingPrice',
      tags: ['Listings'],
      summary: 'Change the price (kept in the price history)',
      security: signedIn,
      requestParams: { path: listingIdPath },
      requestBody: jsonBody(priceInput, { price: 245000 }),
      responses: {
        200: json('The price now', z.object({ price: z.int() })),
        ...errors(400, 401, 404, 422),
      },
    },
  },
  '/listings/{id}/drafts': {
    post: {
      operationId: 'startListingEdit',
      tags: ['Listings'],
      summary: 'Open an edit draft of my listing (publish it to apply the changes)',
      security: signedIn,
      requestParams: { path: listingIdPath },
      responses: { 201: json('The edit draft', draft), ...errors(401, 404) },
    },
  },
};
