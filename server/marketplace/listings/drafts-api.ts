import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import { MEDIA_KINDS } from '../../../domain/listing/enums.ts';
import { addressStep } from '../../../domain/listing/steps/address-step.ts';
import { detailsStep } from '../../../domain/listing/steps/details-step.ts';
import { materialStep } from '../../../domain/listing/steps/material-step.ts';
import { mediaStep } from '../../../domain/listing/steps/media-step.ts';
import { priceStep } from '../../../domain/listing/steps/price-step.ts';
import { typeStep } from '../../../domain/listing/steps/type-step.ts';
import { LAST_STEP } from '../../../domain/listing/wizard-steps.ts';
import { sessionUserOf } from '../../auth/session-middleware.ts';
import { mountOperations, operationsOf } from '../../http/api-operation.ts';
import { AppError } from '../../http/app-error.ts';
import { formatMegabytes } from '../../media/process-image.ts';
import type { Marketplace } from '../marketplace.ts';
import { arrangeMediaInput } from '../listing-media/arrange-draft-media.ts';
import { errors, json, jsonBody, signedIn } from '../openapi/common.ts';
import { draftStepBody } from './api-bodies.ts';
import { draft, draftMedia, materialSuggestions, savedListing } from './api-responses.ts';
import { nationOfPostcode } from './let-context.ts';
import type { ListingsService } from './listings-service.ts';
import { DRAFT_ID } from './load-listing-draft.ts';

type Deps = Pick<Marketplace, 'listings' | 'media'>;
const operation = operationsOf<Deps>();
const user = (res: Response) => sessionUserOf(res);

/**
 * Uploads are raw bytes with an image or octet-stream type: browsers cannot send those across
 * sites without a CORS preflight, so a signed-in visitor's cookie cannot be abused by a form on
 * another site (and no multipart parser is needed).
 */
function rawUpload(maxBytes: number) {
  const parse = express.raw({ type: () => true, limit: maxBytes });
  const tooLarge = () =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      `This file is too large; photos can be at most ${formatMegabytes(maxBytes)}.`,
    );
  return (req: Request, res: Response, next: NextFunction) => {
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/octet-stream' && !type.startsWith('image/')) {
      next(
        new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the photo as the request body (Content-Type image/* or application/octet-stream).',
        ),
      );
      return;
    }
    if (Number(req.headers['content-length'] ?? 0) > maxBytes) {
      // Refused before reading: nothing is stored, and the connection is not held open.
      res.setHeader('Connection', 'close');
      next(tooLarge());
      return;
    }
    parse(req, res, (error?: unknown) => {
      if ((error as { type?: string } | undefined)?.type === 'entity.too.large') next(tooLarge());
      else next(error);
    });
  };
}

/** A draft as the API answers with it (described by `draft` in api-responses.ts). */
export function draftView(draft: Awaited<ReturnType<ListingsService['getDraft']>>) {
  return {
    id: draft.id,
    listingId: draft.listingId,
    step: draft.step,
    data: draft.data,
    media: draft.media,
    isOwned: draft.ownerSub !== null,
    nation: nationOfPostcode(draft.data.postcode) ?? null,
    updatedAt: draft.updatedAt.toISOString(),
  };
}

const draftIdPath = z.object({
  id: z
    .string()
    .regex(DRAFT_ID, { error: 'No such draft.' })
    .meta({ description: 'The draft id `POST /drafts` gave' }),
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

/** Drafts: the add-listing wizard's server-side state. */
export const draftOperations = [
  operation({
    method: 'post',
    path: '/drafts',
    operationId: 'startDraft',
    tags: ['Drafts'],
    summary: 'Start a listing draft (signed in or not)',
    description:
      'Signed out, at most 10 drafts an hour per address: 429 with Retry-After after that.',
    security: eitherWay,
    responses: { 201: json('The new draft', draft), ...errors(429) },
    handle: async ({ req, res, deps: { listings } }) => {
      const started = await listings.startDraft({ user: user(res), clientIp: req.ip ?? 'unknown' });
      res.status(201).json(draftView(started));
    },
  }),
  operation({
    method: 'get',
    path: '/drafts/{id}',
    operationId: 'getDraft',
    tags: ['Drafts'],
    summary: 'Read a draft',
    security: eitherWay,
    pathParams: draftIdPath,
    responses: { 200: json('The draft', draft), ...errors(404) },
    handle: async ({ res, deps: { listings }, path }) => {
      res.json(draftView(await listings.getDraft({ user: user(res), draftId: path.id })));
    },
  }),
  operation({
    method: 'get',
    path: '/drafts/{id}/material-suggestions',
    operationId: 'getDraftMaterialSuggestions',
    tags: ['Drafts'],
    summary: "What open data says about the draft home's flood risk and broadband",
    description:
      'From the imported Environment Agency flood zones and Ofcom broadband data at the saved postcode; empty until a postcode is saved. The wizard fills these in; a listing that states something else gives its reason.',
    security: eitherWay,
    pathParams: draftIdPath,
    responses: { 200: json('The suggestions', materialSuggestions), ...errors(404) },
    handle: async ({ res, deps: { listings }, path }) => {
      const suggestions = await listings.materialSuggestions({ user: user(res), draftId: path.id });
      res.json({ suggestions });
    },
  }),
  operation({
    method: 'put',
    path: '/drafts/{id}/steps/{step}',
    operationId: 'saveDraftStep',
    tags: ['Drafts'],
    summary: 'Save one wizard step (validated with the same rules as the browser)',
    security: eitherWay,
    pathParams: draftIdPath.extend({
      step: z.coerce
        .number({ error: 'No such step.' })
        .int({ error: 'No such step.' })
        .min(1, { error: 'No such step.' })
        .max(LAST_STEP, { error: 'No such step.' }),
    }),
    requestBody: jsonBody(stepBody, {
      fields: { channel: 'sale', propertyType: 'terraced' },
      nextStep: 2,
    }),
    responses: { 200: json('The saved draft', draft), ...errors(400, 404, 422) },
    handle: async ({ req, res, deps: { listings }, path }) => {
      // The body's shape only: the step's own rules run on the merged draft (save-listing-draft.ts).
      const body = draftStepBody.safeParse(req.body ?? {});
      if (!body.success) throw new AppError('BAD_REQUEST', 'Send { fields, nextStep }.');
      const saved = await listings.saveDraftStep({
        user: user(res),
        draftId: path.id,
        step: path.step,
        fields: body.data.fields,
        nextStep: body.data.nextStep,
      });
      res.json(draftView(saved));
    },
  }),
  operation({
    method: 'post',
    path: '/drafts/{id}/media',
    operationId: 'uploadDraftMedia',
    tags: ['Drafts'],
    summary: 'Upload a photo or floorplan as raw bytes (JPEG, PNG, WebP, AVIF or HEIC)',
    description:
      'Location and other EXIF data are removed. Raw bytes rather than a form, so another site cannot post one with your cookie. At most 25 MB and 100 megapixels, checked from the file header before decoding; a signed-out draft takes 10 items until it is signed in to (409); 503 with Retry-After while the image decoders are busy.',
    security: eitherWay,
    pathParams: draftIdPath,
    query: z.object({
      kind: z.enum(MEDIA_KINDS).optional().meta({ description: "Defaults to 'photo'" }),
    }),
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
    before: ({ media }) => rawUpload(media.limits.maxBytes),
    handle: async ({ req, res, deps: { media }, path }) => {
      const kind = req.query.kind === 'floorplan' ? 'floorplan' : 'photo';
      if (!Buffer.isBuffer(req.body) || req.body.length === 0) {
        throw new AppError('BAD_REQUEST', 'The upload was empty.');
      }
      const item = await media.add({
        user: user(res),
        draftId: path.id,
        kind,
        bytes: req.body,
        ip: req.ip ?? 'unknown',
      });
      res.status(201).json(item);
    },
  }),
  operation({
    method: 'put',
    path: '/drafts/{id}/media',
    operationId: 'arrangeDraftMedia',
    tags: ['Drafts'],
    summary:
      'Reorder, caption and remove media (the list sent is the new order, first photo the cover; media left out keep their place after it; only media named in remove are removed)',
    security: eitherWay,
    pathParams: draftIdPath,
    requestBody: jsonBody(arrangeMediaInput),
    responses: {
      200: json('The media now', z.object({ media: z.array(draftMedia) })),
      ...errors(404, 422),
    },
    handle: async ({ req, res, deps: { media }, path }) => {
      res.json({
        media: await media.arrange({ user: user(res), draftId: path.id, input: req.body }),
      });
    },
  }),
  operation({
    method: 'post',
    path: '/drafts/{id}/publish',
    operationId: 'publishDraft',
    tags: ['Drafts'],
    summary: 'Publish the draft: a new listing (201) or the edited one (200)',
    security: signedIn,
    pathParams: draftIdPath,
    responses: {
      200: json('The listing, updated', savedListing),
      201: json('The listing, created', savedListing),
      ...errors(401, 404, 422),
    },
    handle: async ({ res, deps: { listings }, path }) => {
      const result = await listings.publishDraft({ user: user(res), draftId: path.id });
      const listing = await listings.get({ listingId: result.id });
      res
        .status(result.isNew ? 201 : 200)
        .json({ id: result.id, isHeldForReview: result.isHeldForReview, listing });
    },
  }),
];

export function mountDraftsApi(api: Router, deps: Deps): void {
  mountOperations(api, draftOperations, deps);
}
