import type { Response } from 'express';
import { z } from 'zod';
import { ALERT_FREQUENCIES } from '../../../domain/search/alert-frequencies.ts';
import { requireApiUser } from '../../auth/guards.ts';
import { sessionUserOf } from '../../auth/session-middleware.ts';
import { operationsOf } from '../../http/api-operation.ts';
import type { Marketplace } from '../marketplace.ts';
import {
  errors,
  idParam,
  json,
  jsonBody,
  nullableTimestamp,
  signedIn,
  timestamp,
  type Json,
  type Same,
} from '../openapi/common.ts';
import { updateSavedSearchInput } from '../../../domain/search/saved-search-input.ts';
import type { SavedSearch } from './schema.ts';

type Deps = Pick<Marketplace, 'alerts'>;
const operation = operationsOf<Deps>();
const owner = (res: Response) => requireApiUser(sessionUserOf(res));

const savedSearchPath = z.object({
  id: idParam('The saved search id', 'That saved search does not exist.'),
});

/** A saved search as its owner sees it (the address alerts go to is the account's). */
const savedSearchView = z
  .object({
    id: z.number().int(),
    name: z.string(),
    channel: z.enum(['sale', 'rent']),
    placeSlug: z.string().nullable().meta({ description: "A town page's slug, if any" }),
    params: z.string().meta({ description: "The search URL's query, as the search pages read it" }),
    frequency: z.enum(ALERT_FREQUENCIES),
    createdAt: timestamp.meta({ description: 'Homes new or reduced since then are alerted' }),
    lastSentAt: nullableTimestamp,
  })
  .meta({ id: 'SavedSearch' });

type View = Omit<SavedSearch, 'ownerSub' | 'email' | 'unsubscribedAt'>;
const _view: Same<z.infer<typeof savedSearchView>, Json<View>> = true;

function toView({ ownerSub: _o, email: _e, unsubscribedAt: _u, ...view }: SavedSearch): View {
  return view;
}

/** The signed-in person's saved searches, whose alerts the `search-alerts` job e-mails. */
export const savedSearchOperations = [
  operation({
    method: 'get',
    path: '/saved-searches',
    operationId: 'listSavedSearches',
    tags: ['Saved searches'],
    summary: 'My saved searches, newest first',
    security: signedIn,
    responses: {
      200: json('Saved searches', z.object({ savedSearches: z.array(savedSearchView) })),
      ...errors(401),
    },
    handle: async ({ res, deps: { alerts } }) => {
      const rows = await alerts.list({ user: owner(res) });
      res.json({ savedSearches: rows.map(toView) });
    },
  }),
  operation({
    method: 'patch',
    path: '/saved-searches/{id}',
    operationId: 'updateSavedSearch',
    tags: ['Saved searches'],
    summary:
      'Rename a saved search, change its alert frequency or its criteria (new criteria alert homes new from now)',
    security: signedIn,
    pathParams: savedSearchPath,
    requestBody: jsonBody(updateSavedSearchInput, {
      name: 'Leeds, 3 beds',
      frequency: 'weekly',
      criteria: { channel: 'sale', placeSlug: 'leeds', params: 'radius=3&minBeds=3' },
    }),
    responses: {
      200: json('The saved search as it is now', savedSearchView),
      ...errors(400, 401, 404, 422),
    },
    handle: async ({ req, res, deps: { alerts }, path }) => {
      const row = await alerts.update({
        user: owner(res),
        savedSearchId: path.id,
        input: req.body,
      });
      res.json(toView(row));
    },
  }),
];
