import type { Router } from 'express';
import { z } from 'zod';
import { LISTING_STATUSES } from '../../../domain/listing/enums.ts';
import {
  MODERATION_OUTCOMES,
  moderationDecisionSchema,
} from '../../../domain/moderation/moderation-decision.ts';
import { REPORT_REASONS } from '../../../domain/report/report-schema.ts';
import { requireApiAdmin } from '../../auth/guards.ts';
import { sessionUserOf } from '../../auth/session-middleware.ts';
import { mountOperations, operationsOf } from '../../http/api-operation.ts';
import type { Marketplace } from '../marketplace.ts';
import {
  errors,
  json,
  jsonBody,
  listingIdPath,
  signedIn,
  timestamp,
  type Same,
} from '../openapi/common.ts';
import type { ModerationRecord, ReportedListing } from './list-reported-listings.ts';
import type { ModerationResult } from './moderate-listing.ts';

type Deps = Pick<Marketplace, 'moderation'>;
const operation = operationsOf<Deps>();
const admin = (res: Parameters<typeof sessionUserOf>[0]) => requireApiAdmin(sessionUserOf(res));

const participantRole = z.enum(['enquirer', 'lister']);

const reportedListing = z
  .object({
    listingId: z.int(),
    title: z.string(),
    status: z.enum(LISTING_STATUSES),
    isDeletedByLister: z.boolean(),
    town: z.string(),
    path: z.string().meta({ description: "The listing page's path" }),
    reporterCount: z.int().meta({ description: 'Distinct reporters' }),
    isReviewRequested: z.boolean().meta({
      description: 'Moderators paused it; the lister made changes and asks to go live again',
    }),
    repostOf: z
      .object({
        listingId: z.int(),
        title: z.string().nullable(),
        status: z.enum(LISTING_STATUSES).nullable(),
        reason: z.string(),
      })
      .nullable()
      .meta({
        description:
          'Held by the repost check: the earlier listing moderators paused or removed that it repeats, and why',
      }),
    appeal: z
      .object({ statement: z.string(), createdAt: timestamp })
      .nullable()
      .meta({ description: "The lister's appeal; dismissing the reports upholds it" }),
    firstReportedAt: timestamp,
    reports: z.array(
      z.object({
        id: z.int(),
        reason: z.enum(REPORT_REASONS),
        details: z.string(),
        createdAt: timestamp,
        isFlaggedByRoost: z.boolean().meta({
          description:
            'Roost flagged the message because it matched a scam pattern; no person reported it',
        }),
        message: z
          .object({
            id: z.int(),
            senderRole: participantRole,
            body: z.string(),
            conversation: z.array(
              z.object({
                id: z.int(),
                senderRole: participantRole,
                body: z.string(),
                createdAt: timestamp,
              }),
            ),
          })
          .nullable()
          .meta({ description: 'The reported message and its conversation, as written' }),
      }),
    ),
  })
  .meta({ id: 'ReportedListing' });

const moderationRecord = z
  .object({
    id: z.int(),
    listingId: z.int(),
    title: z.string(),
    adminEmail: z.string().nullable(),
    outcome: z.enum(MODERATION_OUTCOMES),
    reason: z.string(),
    reportsClosed: z.int(),
    isListerEmailed: z.boolean(),
    createdAt: timestamp,
  })
  .meta({ id: 'ModerationRecord' });

const moderationResult = z.object({
  actionId: z.int(),
  outcome: z.enum(MODERATION_OUTCOMES),
  reportsClosed: z.int(),
  isListerEmailed: z.boolean(),
  isRelisted: z
    .boolean()
    .meta({ description: 'It had been paused or removed by moderators and is live again' }),
  reportersTold: z.int().meta({ description: 'Reporters e-mailed the outcome' }),
});

const _reported: Same<z.infer<typeof reportedListing>, ReportedListing> = true;
const _record: Same<z.infer<typeof moderationRecord>, ModerationRecord> = true;
const _result: Same<z.infer<typeof moderationResult>, ModerationResult> = true;

/**
 * `/api/v1/admin/…`: the moderation queue for administrators. The role comes from the verified
 * ID token's `cognito:groups` (403 otherwise), checked here and again by every use case.
 */
export const moderationOperations = [
  operation({
    method: 'get',
    path: '/admin/reports',
    operationId: 'listReportedListings',
    tags: ['Moderation'],
    summary: 'Administrators: open reports grouped by listing, oldest first',
    security: signedIn,
    responses: {
      200: json('Reported listings', z.object({ listings: z.array(reportedListing) })),
      ...errors(401, 403),
    },
    handle: async ({ res, deps: { moderation } }) => {
      res.json({ listings: await moderation.reportedListings({ user: admin(res) }) });
    },
  }),
  operation({
    method: 'get',
    path: '/admin/moderation-actions',
    operationId: 'listModerationActions',
    tags: ['Moderation'],
    summary: 'Administrators: the latest moderation decisions (who, when, outcome, reason)',
    security: signedIn,
    responses: {
      200: json('Decisions, newest first', z.object({ actions: z.array(moderationRecord) })),
      ...errors(401, 403),
    },
    handle: async ({ res, deps: { moderation } }) => {
      res.json({ actions: await moderation.recentDecisions({ user: admin(res) }) });
    },
  }),
  operation({
    method: 'post',
    path: '/admin/listings/{id}/moderation',
    operationId: 'moderateListing',
    tags: ['Moderation'],
    summary: "Administrators: decide on a listing's open reports",
    description:
      "Dismiss them, pause the listing or remove it (its page then answers 410). Closes the reports; the lister is e-mailed the reason when paused or removed. Dismissing a paused listing's review request puts it back on Roost (isRelisted: true) and tells the lister.",
    security: signedIn,
    pathParams: listingIdPath,
    requestBody: jsonBody(moderationDecisionSchema, {
      decision: 'pause',
      reason: 'The photos show a different property; please replace them.',
    }),
    responses: {
      201: json('The recorded decision', moderationResult),
      ...errors(400, 401, 403, 404, 409, 422),
    },
    handle: async ({ req, res, deps: { moderation }, path }) => {
      const user = admin(res);
      res
        .status(201)
        .json(await moderation.decide({ user, listingId: path.id, input: req.body ?? {} }));
    },
  }),
];

export function mountModerationApi(api: Router, deps: Deps): void {
  mountOperations(api, moderationOperations, deps);
}
