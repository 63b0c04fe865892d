import type { Response, Router } from 'express';
import { z } from 'zod';
import { requireApiUser } from '../../auth/guards.ts';
import { sessionUserOf } from '../../auth/session-middleware.ts';
import { mountOperations, operationsOf } from '../../http/api-operation.ts';
import { AppError } from '../../http/app-error.ts';
import { favouritesMergeBody } from '../listings/api-bodies.ts';
import type { Marketplace } from '../marketplace.ts';
import { errors, json, jsonBody, listingIdPath, noContent, signedIn } from '../openapi/common.ts';
import { MAX_NOTE_LENGTH } from './manage-favourites.ts';

type Deps = Pick<Marketplace, 'favourites'>;
const operation = operationsOf<Deps>();
const owner = (res: Response) => requireApiUser(sessionUserOf(res));

const ids = z.object({
  ids: z.array(z.string()).meta({ description: 'Listing ids, newest favourite first' }),
});

/** The note is checked by the use case (manage-favourites.ts): plain text, trimmed. */
const noteBody = z.object({ note: z.string().max(MAX_NOTE_LENGTH) });

/** The signed-in person's favourites, merged with the browser's list. */
export const favouriteOperations = [
  operation({
    method: 'get',
    path: '/favourites',
    operationId: 'listFavourites',
    tags: ['Favourites'],
    summary: 'My favourites (ids)',
    security: signedIn,
    responses: { 200: json('Favourite ids', ids), ...errors(401) },
    handle: async ({ res, deps: { favourites } }) => {
      res.json({ ids: await favourites.merge({ user: owner(res), ids: [] }) });
    },
  }),
  operation({
    method: 'post',
    path: '/favourites/merge',
    operationId: 'mergeFavourites',
    tags: ['Favourites'],
    summary: "Merge the browser's favourites into mine; answers the union",
    security: signedIn,
    requestBody: jsonBody(favouritesMergeBody, { ids: ['12', 7] }),
    responses: { 200: json('Favourite ids', ids), ...errors(400, 401, 422) },
    handle: async ({ req, res, deps: { favourites } }) => {
      const body = favouritesMergeBody.safeParse(req.body);
      if (!body.success) throw new AppError('VALIDATION_FAILED', 'Send { ids: [...] }.');
      res.json({ ids: await favourites.merge({ user: owner(res), ids: body.data.ids }) });
    },
  }),
  operation({
    method: 'put',
    path: '/favourites/{id}',
    operationId: 'addFavourite',
    tags: ['Favourites'],
    summary: 'Add a favourite',
    security: signedIn,
    pathParams: listingIdPath,
    responses: { 204: noContent('Added'), ...errors(401, 404) },
    handle: async ({ res, deps: { favourites }, path }) => {
      await favourites.add({ user: owner(res), listingId: path.id });
      res.status(204).end();
    },
  }),
  operation({
    method: 'put',
    path: '/favourites/{id}/note',
    operationId: 'setFavouriteNote',
    tags: ['Favourites'],
    summary: `Set my private note on a favourite (plain text, up to ${MAX_NOTE_LENGTH.toLocaleString('en-GB')} characters)`,
    security: signedIn,
    pathParams: listingIdPath,
    requestBody: jsonBody(noteBody, { note: 'Ask about the loft conversion.' }),
    responses: {
      200: json('The saved note', z.object({ note: z.string() })),
      ...errors(400, 401, 404, 422),
    },
    handle: async ({ req, res, deps: { favourites }, path }) => {
      const note = await favourites.setNote({
        user: owner(res),
        listingId: path.id,
        note: (req.body as { note?: unknown } | undefined)?.note,
      });
      res.json({ note });
    },
  }),
  operation({
    method: 'delete',
    path: '/favourites/{id}',
    operationId: 'removeFavourite',
    tags: ['Favourites'],
    summary: 'Remove a favourite',
    security: signedIn,
    pathParams: listingIdPath,
    responses: { 204: noContent('Removed'), ...errors(401, 404) },
    handle: async ({ res, deps: { favourites }, path }) => {
      await favourites.remove({ user: owner(res), listingId: path.id });
      res.status(204).end();
    },
  }),
];

export function mountFavouritesApi(api: Router, deps: Deps): void {
  mountOperations(api, favouriteOperations, deps);
}
