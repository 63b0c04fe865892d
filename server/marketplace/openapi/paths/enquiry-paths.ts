import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { enquirySchema } from '../../../../domain/enquiry/enquiry-schema.ts';
import { VIEWING_PERIODS } from '../../../../domain/enquiry/viewing-times.ts';
import { appealSchema } from '../../../../domain/moderation/appeal.ts';
import { reportSchema } from '../../../../domain/report/report-schema.ts';
import { answerInput } from '../../enquiries/answer-enquiry.ts';
import type { EnquiryView } from '../../enquiries/list-listing-enquiries.ts';
import { scamWarning } from './message-paths.ts';
import {
  errors,
  json,
  jsonBody,
  listingIdPath,
  noContent,
  nullableTimestamp,
  signedIn,
  timestamp,
  type Same,
} from '../common.ts';

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

export const enquiryPaths: ZodOpenApiPathsObject = {
  '/listings/{id}/enquiries': {
    post: {
      operationId: 'enquire',
      tags: ['Enquiries'],
      summary: 'Contact the lister (e-mailed to them; rate limited per sender)',
      description:
        'With wantsViewing, 1 to 3 preferred slots: each a UK day after today within 90 days, and a part of the day.',
      security: eitherWay,
      requestParams: { path: listingIdPath },
      requestBody: jsonBody(enquirySchema, enquiryExample),
      responses: { 201: json('Stored', stored), ...errors(400, 403, 404, 410, 422, 429) },
    },
    get: {
      operationId: 'listEnquiries',
      tags: ['Enquiries'],
      summary: "My listing's enquiries, newest first",
      security: signedIn,
      requestParams: { path: listingIdPath },
      responses: {
        200: json('Enquiries', z.object({ enquiries: z.array(enquiryView) })),
        ...errors(401, 404),
      },
    },
  },
  '/listings/{id}/enquiries/{enquiryId}/reply': {
    post: {
      operationId: 'answerEnquiry',
      tags: ['Enquiries'],
      summary: 'Answer an enquiry (e-mailed to the person who asked)',
      security: signedIn,
      requestParams: {
        path: listingIdPath.extend({ enquiryId: z.coerce.number().int().positive() }),
      },
      requestBody: jsonBody(answerInput, { reply: 'Yes, it faces south. Saturday morning suits.' }),
      responses: { 204: noContent('Sent'), ...errors(400, 401, 404, 422) },
    },
  },
  '/listings/{id}/reports': {
    post: {
      operationId: 'reportListing',
      tags: ['Reports'],
      summary: 'Report a listing to the moderators (one open report each; rate limited)',
      security: eitherWay,
      requestParams: { path: listingIdPath },
      requestBody: jsonBody(reportSchema, {
        reason: 'scam',
        details: 'Asked for a deposit by bank transfer before a viewing.',
      }),
      responses: {
        201: json('Stored', z.object({ id: z.int() })),
        ...errors(400, 404, 409, 422, 429),
      },
    },
  },
  '/listings/{id}/appeals': {
    post: {
      operationId: 'appealModeration',
      tags: ['Reports'],
      summary:
        "The lister appeals moderators' pause or removal of their listing (once per decision); it joins the moderation queue",
      security: signedIn,
      requestParams: { path: listingIdPath },
      requestBody: jsonBody(appealSchema, {
        statement: 'The photos are of this flat: I took them last week and can send the originals.',
      }),
      responses: {
        201: json('Stored', z.object({ id: z.int() })),
        ...errors(400, 401, 404, 409, 422),
      },
    },
  },
};
