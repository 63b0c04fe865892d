import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import { enquirySchema } from '../../../domain/enquiry/enquiry-schema.ts';
import { VIEWING_PERIODS } from '../../../domain/enquiry/viewing-times.ts';
import { requireApiUser } from '../../auth/guards.ts';
import { sessionUserOf } from '../../auth/session-middleware.ts';
import { mountOperations, operationsOf } from '../../http/api-operation.ts';
import type { Marketplace } from '../marketplace.ts';
import { scamWarning } from '../messages/api.ts';
import {
  errors,
  idParam,
  json,
  jsonBody,
  listingIdPath,
  noContent,
  nullableTimestamp,
  signedIn,
  timestamp,
  type Same,
} from '../openapi/common.ts';
import { answerInput } from './answer-enquiry.ts';
import type { EnquiryView } from './list-listing-enquiries.ts';

type Deps = Pick<Marketplace, 'enquiries'>;
const operation = operationsOf<Deps>();
const lister = (res: Response) => requireApiUser(sessionUserOf(res));

/** An enquiry the API accepts (the API test sends it). */
export const enquiryExample = {
  name: 'Sam Buyer',
  email: 'sam@example.com',
  phone: '07700 900982',
  message: 'Is the garden south facing? We would love to see the house.',
  wantsViewing: false,
};

const enquiryView = z
  .object({
    id: z.int(),
    name: z.string(),
    email: z
      .string()
      .nullable()
      .meta({ description: 'Hidden (null) until both have replied in the conversation' }),
    phone: z
      .string()
      .nullable()
      .meta({ description: 'Hidden (null) until both have replied in the conversation' }),
    message: z.string().meta({
      description: 'As in the conversation: contact details masked until both have replied',
    }),
    warnings: z.array(scamWarning),
    wantsViewing: z.boolean(),
    viewingTimes: z.array(
      z.object({
        date: z.iso.date().meta({ description: 'A UK calendar day' }),
        period: z.enum(VIEWING_PERIODS),
      }),
    ),
    reply: z.string().nullable(),
    repliedAt: nullableTimestamp,
    createdAt: timestamp,
    haveBothReplied: z.boolean(),
    threadId: z.int().nullable(),
  })
  .meta({ id: 'Enquiry' });
const _enquiry: Same<z.infer<typeof enquiryView>, EnquiryView> = true;

const stored = z.object({
  id: z.int(),
  isEmailed: z
    .boolean()
    .meta({ description: 'False when the e-mail failed; it is kept all the same' }),
});
const eitherWay = [{}, ...signedIn];

/** Anyone writing about a listing is rate limited by address. */
const visitorOf = (req: Request, res: Response) => ({
  user: sessionUserOf(res),
  ip: req.ip ?? 'unknown',
});

/** Enquiries about a listing, to its lister, and the lister's answers. */
export const enquiryOperations = [
  operation({
    method: 'post',
    path: '/listings/{id}/enquiries',
    operationId: 'enquire',
    tags: ['Enquiries'],
    summary: 'Contact the lister (e-mailed to them; rate limited per sender)',
    description:
      'With wantsViewing, 1 to 3 preferred slots: each a UK day after today within 90 days, and a part of the day.',
    security: eitherWay,
    pathParams: listingIdPath,
    requestBody: jsonBody(enquirySchema, enquiryExample),
    responses: { 201: json('Stored', stored), ...errors(400, 403, 404, 410, 422, 429) },
    handle: async ({ req, res, deps: { enquiries }, path }) => {
      res
        .status(201)
        .json(
          await enquiries.submit({ ...visitorOf(req, res), listingId: path.id, input: req.body }),
        );
    },
  }),
  operation({
    method: 'get',
    path: '/listings/{id}/enquiries',
    operationId: 'listEnquiries',
    tags: ['Enquiries'],
    summary: "My listing's enquiries, newest first",
    security: signedIn,
    pathParams: listingIdPath,
    responses: {
      200: json('Enquiries', z.object({ enquiries: z.array(enquiryView) })),
      ...errors(401, 404),
    },
    handle: async ({ res, deps: { enquiries }, path }) => {
      res.json({ enquiries: await enquiries.list({ user: lister(res), listingId: path.id }) });
    },
  }),
  operation({
    method: 'post',
    path: '/listings/{id}/enquiries/{enquiryId}/reply',
    operationId: 'answerEnquiry',
    tags: ['Enquiries'],
    summary: 'Answer an enquiry (e-mailed to the person who asked)',
    security: signedIn,
    pathParams: listingIdPath.extend({
      enquiryId: idParam('The enquiry id', 'No such enquiry.'),
    }),
    requestBody: jsonBody(answerInput, { reply: 'Yes, it faces south. Saturday morning suits.' }),
    responses: { 204: noContent('Sent'), ...errors(400, 401, 404, 422) },
    handle: async ({ req, res, deps: { enquiries }, path }) => {
      await enquiries.answer({
        user: lister(res),
        listingId: path.id,
        enquiryId: path.enquiryId,
        input: req.body as unknown,
      });
      res.status(204).end();
    },
  }),
];

export function mountEnquiriesApi(api: Router, deps: Deps): void {
  mountOperations(api, enquiryOperations, deps);
}
