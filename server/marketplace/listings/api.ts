import type { Response, Router } from 'express';
import { z } from 'zod';
import { LISTING_STATUSES } from '../../../domain/listing/enums.ts';
import { fullListingSchema } from '../../../domain/listing/listing-schema.ts';
import { addressStep } from '../../../domain/listing/steps/address-step.ts';
import { detailsStep } from '../../../domain/listing/steps/details-step.ts';
import { materialStep } from '../../../domain/listing/steps/material-step.ts';
import { mediaStep } from '../../../domain/listing/steps/media-step.ts';
import { priceStep } from '../../../domain/listing/steps/price-step.ts';
import { typeStep } from '../../../domain/listing/steps/type-step.ts';
import { requireApiUser } from '../../auth/guards.ts';
import { sessionUserOf } from '../../auth/session-middleware.ts';
import { mountOperations, operationsOf } from '../../http/api-operation.ts';
import { AppError } from '../../http/app-error.ts';
import { mountEnquiriesApi } from '../enquiries/api.ts';
import { mountFavouritesApi } from '../favourites/api.ts';
import type { Marketplace } from '../marketplace.ts';
import {
  errors,
  json,
  jsonBody,
  listingIdPath,
  noContent,
  signedIn,
  type Same,
} from '../openapi/common.ts';
import { mountReportsApi } from '../reports/api.ts';
import { draft, listingDetail, ownListing, savedListing } from './api-responses.ts';
import { priceInput } from './change-listing-price.ts';
import { statusInput, type ChangeStatusResult } from './change-listing-status.ts';
import { draftView, mountDraftsApi } from './drafts-api.ts';

type Deps = Pick<Marketplace, 'listings'>;
const operation = operationsOf<Deps>();
const owner = (res: Response) => requireApiUser(sessionUserOf(res));

/** A listing as the API takes it: every wizard rule at once (domain/listing/listing-schema.ts). */
export const listingInput = fullListingSchema.meta({
  id: 'ListingInput',
  description:
    "Every wizard field. Text is normalised, contact details are removed and unlawful wording ('No DSS', 'No children') is refused; rents need a deposit within the Tenant Fees Act cap. Each room's sides are given in metres (lengthM, widthM) or in feet and inches (lengthFt, lengthIn, widthFt, widthIn), 0.5–50 m, up to 30 rooms; without a floor area the rooms' total is used.",
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
  roomUnit: 'm',
  rooms: [
    { name: 'Kitchen', lengthM: 4.2, widthM: 3.1 },
    { name: 'Bedroom', lengthM: 3.6, widthM: 3.2 },
  ],
};

const statusResult = z.object({
  status: z.enum(LISTING_STATUSES),
  awaitingReview: z.boolean().optional().meta({
    description: 'The listing stays paused: moderators were asked to check it first',
  }),
});
const _status: Same<z.infer<typeof statusResult>, ChangeStatusResult> = true;

/** The lister's own listings, and the public listing. */
export const listingOperations = [
  operation({
    method: 'get',
    path: '/me/listings',
    operationId: 'listMyListings',
    tags: ['Listings'],
    summary: 'My listings, newest first (deleted ones too, restorable for 30 days)',
    security: signedIn,
    responses: {
      200: json('My listings', z.object({ listings: z.array(ownListing) })),
      ...errors(401),
    },
    handle: async ({ res, deps: { listings } }) => {
      res.json({ listings: await listings.findOwn({ user: owner(res) }) });
    },
  }),
  operation({
    method: 'post',
    path: '/listings',
    operationId: 'createListing',
    tags: ['Listings'],
    summary: 'Create a listing, live at once (add photos through an edit draft)',
    security: signedIn,
    requestBody: jsonBody(listingInput, listingExample),
    responses: { 201: json('Created', savedListing), ...errors(400, 401, 422) },
    handle: async ({ req, res, deps: { listings } }) => {
      const { id, isHeldForReview } = await listings.create({ user: owner(res), input: req.body });
      res.status(201).json({ id, isHeldForReview, listing: await listings.get({ listingId: id }) });
    },
  }),
  operation({
    method: 'get',
    path: '/listings/{id}',
    operationId: 'getListing',
    tags: ['Listings'],
    summary: 'Read a listing',
    pathParams: listingIdPath,
    responses: {
      200: json('The listing', z.object({ listing: listingDetail })),
      ...errors(404, 410),
    },
    handle: async ({ res, deps: { listings }, path }) => {
      // The property page's rule: paused (by the lister or moderators) and drafts are 404,
      // removed or deleted 410. Listers see their own hidden listings through /me/listings.
      const found = await listings.lookUp({ listingId: path.id });
      if (!found || found.visibility === 'hidden')
        throw new AppError('NOT_FOUND', 'No such listing.');
      if (found.visibility === 'gone') throw new AppError('GONE', 'This listing has been removed.');
      res.json({ listing: found.listing });
    },
  }),
  operation({
    method: 'patch',
    path: '/listings/{id}',
    operationId: 'updateListing',
    tags: ['Listings'],
    summary: 'Update my listing (a lower price shows as reduced)',
    security: signedIn,
    pathParams: listingIdPath,
    requestBody: jsonBody(listingPatch, { price: 240000 }),
    responses: { 200: json('Updated', savedListing), ...errors(400, 401, 404, 422) },
    handle: async ({ req, res, deps: { listings }, path }) => {
      const { id, isHeldForReview } = await listings.update({
        user: owner(res),
        listingId: path.id,
        input: req.body,
      });
      res.json({ id, isHeldForReview, listing: await listings.get({ listingId: id }) });
    },
  }),
  operation({
    method: 'delete',
    path: '/listings/{id}',
    operationId: 'deleteListing',
    tags: ['Listings'],
    summary: 'Delete my listing (restorable for 30 days)',
    security: signedIn,
    pathParams: listingIdPath,
    responses: { 204: noContent('Deleted'), ...errors(401, 404, 410) },
    handle: async ({ res, deps: { listings }, path }) => {
      await listings.remove({ user: owner(res), listingId: path.id });
      res.status(204).end();
    },
  }),
  operation({
    method: 'post',
    path: '/listings/{id}/restore',
    operationId: 'restoreListing',
    tags: ['Listings'],
    summary: 'Restore a deleted listing',
    security: signedIn,
    pathParams: listingIdPath,
    responses: { 204: noContent('Restored'), ...errors(401, 404, 410) },
    handle: async ({ res, deps: { listings }, path }) => {
      await listings.restore({ user: owner(res), listingId: path.id });
      res.status(204).end();
    },
  }),
  operation({
    method: 'post',
    path: '/listings/{id}/status',
    operationId: 'changeListingStatus',
    tags: ['Listings'],
    summary: 'Change the status',
    description:
      "A listing moderators paused stays paused: 'active' asks them to check it (awaitingReview: true).",
    security: signedIn,
    pathParams: listingIdPath,
    requestBody: jsonBody(statusInput, { status: 'under_offer' }),
    responses: { 200: json('The status now', statusResult), ...errors(400, 401, 404, 409, 422) },
    handle: async ({ req, res, deps: { listings }, path }) => {
      res.json(
        await listings.changeStatus({ user: owner(res), listingId: path.id, input: req.body }),
      );
    },
  }),
  operation({
    method: 'post',
    path: '/listings/{id}/price',
    operationId: 'changeListingPrice',
    tags: ['Listings'],
    summary: 'Change the price (kept in the price history)',
    security: signedIn,
    pathParams: listingIdPath,
    requestBody: jsonBody(priceInput, { price: 245000 }),
    responses: {
      200: json('The price now', z.object({ price: z.int() })),
      ...errors(400, 401, 404, 422),
    },
    handle: async ({ req, res, deps: { listings }, path }) => {
      res.json(
        await listings.changePrice({ user: owner(res), listingId: path.id, input: req.body }),
      );
    },
  }),
  operation({
    method: 'post',
    path: '/listings/{id}/drafts',
    operationId: 'startListingEdit',
    tags: ['Listings'],
    summary: 'Open an edit draft of my listing (publish it to apply the changes)',
    security: signedIn,
    pathParams: listingIdPath,
    responses: { 201: json('The edit draft', draft), ...errors(401, 404) },
    handle: async ({ res, deps: { listings }, path }) => {
      const edit = await listings.startEdit({ user: owner(res), listingId: path.id });
      res.status(201).json(draftView(edit));
    },
  }),
];

/** `/api/v1` listings, drafts, media, enquiries, reports and favourites. */
export function mountListingsApi(
  api: Router,
  deps: Pick<
    Marketplace,
    'listings' | 'media' | 'enquiries' | 'reports' | 'appeals' | 'favourites'
  >,
): void {
  mountDraftsApi(api, deps);
  mountOperations(api, listingOperations, deps);
  mountEnquiriesApi(api, deps);
  mountReportsApi(api, deps);
  mountFavouritesApi(api, deps);
}
