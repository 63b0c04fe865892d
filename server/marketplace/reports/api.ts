import type { Response, Router } from 'express';
import { z } from 'zod';
import { appealSchema } from '../../../domain/moderation/appeal.ts';
import { reportSchema } from '../../../domain/report/report-schema.ts';
import { requireApiUser } from '../../auth/guards.ts';
import { sessionUserOf } from '../../auth/session-middleware.ts';
import { mountOperations, operationsOf } from '../../http/api-operation.ts';
import type { Marketplace } from '../marketplace.ts';
import { errors, json, jsonBody, listingIdPath, signedIn } from '../openapi/common.ts';

type Deps = Pick<Marketplace, 'reports' | 'appeals'>;
const operation = operationsOf<Deps>();
const lister = (res: Response) => requireApiUser(sessionUserOf(res));
const stored = z.object({ id: z.int() });

/** Reports of a listing to the moderators, and the lister's appeal of their decision. */
export const reportOperations = [
  operation({
    method: 'post',
    path: '/listings/{id}/reports',
    operationId: 'reportListing',
    tags: ['Reports'],
    summary: 'Report a listing to the moderators (one open report each; rate limited)',
    security: [{}, ...signedIn],
    pathParams: listingIdPath,
    requestBody: jsonBody(reportSchema, {
      reason: 'scam',
      details: 'Asked for a deposit by bank transfer before a viewing.',
    }),
    responses: { 201: json('Stored', stored), ...errors(400, 404, 409, 422, 429) },
    handle: async ({ req, res, deps: { reports }, path }) => {
      const report = await reports.submit({
        user: sessionUserOf(res),
        listingId: path.id,
        ip: req.ip ?? 'unknown',
        input: req.body,
      });
      res.status(201).json(report);
    },
  }),
  operation({
    method: 'post',
    path: '/listings/{id}/appeals',
    operationId: 'appealModeration',
    tags: ['Reports'],
    summary:
      "The lister appeals moderators' pause or removal of their listing (once per decision); it joins the moderation queue",
    security: signedIn,
    pathParams: listingIdPath,
    requestBody: jsonBody(appealSchema, {
      statement: 'The photos are of this flat: I took them last week and can send the originals.',
    }),
    responses: { 201: json('Stored', stored), ...errors(400, 401, 404, 409, 422) },
    handle: async ({ req, res, deps: { appeals }, path }) => {
      const appeal = await appeals.submit({
        user: lister(res),
        listingId: path.id,
        input: req.body as unknown,
      });
      res.status(201).json(appeal);
    },
  }),
];

export function mountReportsApi(api: Router, deps: Deps): void {
  mountOperations(api, reportOperations, deps);
}
