import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { MEDIA_KINDS } from '../../../../domain/listing/enums.ts';
import { addressStep } from '../../../../domain/listing/steps/address-step.ts';
import { detailsStep } from '../../../../domain/listing/steps/details-step.ts';
import { materialStep } from '../../../../domain/listing/steps/material-step.ts';
import { mediaStep } from '../../../../domain/listing/steps/media-step.ts';
import { priceStep } from '../../../../domain/listing/steps/price-step.ts';
import { typeStep } from '../../../../domain/listing/steps/type-step.ts';
import { LAST_STEP } from '../../../../domain/listing/wizard-steps.ts';
import { draftStepBody } from '../../listings/api-bodies.ts';
import { DRAFT_ID } from '../../listings/load-listing-draft.ts';
import { arrangeMediaInput } from '../../listing-media/arrange-draft-media.ts';
import { errors, json, jsonBody, signedIn } from '../common.ts';
import { draft, draftMedia, savedListing } from '../listing-responses.ts';

const draftIdPath = z.object({
  id: z.string().regex(DRAFT_ID).meta({ description: 'The draft id `POST /drafts` gave' }),
});
/** Signed in or not: a draft started signed out becomes yours when you first touch it signed in. */
const eitherWay = [{}, ...signedIn];

/** Each wizard step's rules (domain/listing/steps/), as components the step body refers to. */
const wizardSteps = [
  ['WizardTypeStep', typeStep],
  ['WizardAddressStep', addressStep],
  ['WizardDetailsStep', detailsStep],
  ['WizardMaterialStep', materialStep],
  ['WizardMediaStep', mediaStep],
  ['WizardPriceStep', priceStep],
] as const;

const stepBody = draftStepBody.extend({
  fields: z
    .union(
      wizardSteps.map(([id, schema], index) =>
        schema.meta({ id, description: `Step ${index + 1}` }),
      ),
    )
    .meta({
      description: `Step 1 to ${LAST_STEP - 1}'s fields: merged over the draft, then the whole step is checked, so fields saved before may be left out`,
    }),
  nextStep: draftStepBody.shape.nextStep.meta({ description: 'The step to show next' }),
});

export const draftPaths: ZodOpenApiPathsObject = {
  '/drafts': {
    post: {
      operationId: 'startDraft',
      tags: ['Drafts'],
      summary: 'Start a listing draft (signed in or not)',
      description:
        'Signed out, at most 10 drafts an hour per address: 429 with Retry-After after that.',
      security: eitherWay,
      responses: { 201: json('The new draft', draft), ...errors(429) },
    },
  },
  '/drafts/{id}': {
    get: {
      operationId: 'getDraft',
      tags: ['Drafts'],
      summary: 'Read a draft',
      security: eitherWay,
      requestParams: { path: draftIdPath },
      responses: { 200: json('The draft', draft), ...errors(404) },
    },
  },
  '/drafts/{id}/steps/{step}': {
    put: {
      operationId: 'saveDraftStep',
      tags: ['Drafts'],
      summary: 'Save one wizard step (validated with the same rules as the browser)',
      security: eitherWay,
      requestParams: {
        path: draftIdPath.extend({ step: z.coerce.number().int().min(1).max(LAST_STEP) }),
      },
      requestBody: jsonBody(stepBody, {
        fields: { channel: 'sale', propertyType: 'terraced' },
        nextStep: 2,
      }),
      responses: { 200: json('The saved draft', draft), ...errors(400, 404, 422) },
    },
  },
  '/drafts/{id}/media': {
    post: {
      operationId: 'uploadDraftMedia',
      tags: ['Drafts'],
      summary: 'Upload a photo or floorplan as raw bytes (JPEG, PNG, WebP, AVIF or HEIC)',
      description:
        'Location and other EXIF data are removed. Raw bytes rather than a form, so another site cannot post one with your cookie. At most 25 MB and 100 megapixels, checked from the file header before decoding; a signed-out draft takes 10 items until it is signed in to (409); 503 with Retry-After while the image decoders are busy.',
      security: eitherWay,
      requestParams: {
        path: draftIdPath,
        query: z.object({
          kind: z.enum(MEDIA_KINDS).optional().meta({ description: "Defaults to 'photo'" }),
        }),
      },
      requestBody: {
        required: true,
        content: {
          'image/*': { schema: { type: 'string', format: 'binary' } },
          'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
        },
      },
      responses: {
        201: json('The stored image', draftMedia),
        ...errors(400, 404, 409, 413, 415, 503),
      },
    },
    put: {
      operationId: 'arrangeDraftMedia',
      tags: ['Drafts'],
      summary:
        'Reorder, caption and remove media (the list sent is the new order, first photo the cover; media left out keep their place after it; only media named in remove are removed)',
      security: eitherWay,
      requestParams: { path: draftIdPath },
      requestBody: jsonBody(arrangeMediaInput),
      responses: {
        200: json('The media now', z.object({ media: z.array(draftMedia) })),
        ...errors(404, 422),
      },
    },
  },
  '/drafts/{id}/publish': {
    post: {
      operationId: 'publishDraft',
      tags: ['Drafts'],
      summary: 'Publish the draft: a new listing (201) or the edited one (200)',
      security: signedIn,
      requestParams: { path: draftIdPath },
      responses: {
        200: json('The listing, updated', savedListing),
        201: json('The listing, created', savedListing),
        ...errors(401, 404, 422),
      },
    },
  },
};
