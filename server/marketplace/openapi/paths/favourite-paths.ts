import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { MAX_NOTE_LENGTH } from '../../favourites/manage-favourites.ts';
import { favouritesMergeBody } from '../../listings/api-bodies.ts';
import { errors, json, jsonBody, listingIdPath, noContent, signedIn } from '../common.ts';

const ids = z.object({
  ids: z.array(z.string()).meta({ description: 'Listing ids, newest favourite first' }),
});

/** The note is checked by the use case (manage-favourites.ts): plain text, trimmed. */
const noteBody = z.object({ note: z.string().max(MAX_NOTE_LENGTH) });

export const favouritePaths: ZodOpenApiPathsObject = {
  '/favourites': {
    get: {
      operationId: 'listFavourites',
      tags: ['Favourites'],
      summary: 'My favourites (ids)',
      security: signedIn,
      responses: { 200: json('Favourite ids', ids), ...errors(401) },
    },
  },
  '/favourites/merge': {
    post: {
      operationId: 'mergeFavourites',
      tags: ['Favourites'],
      summary: "Merge the browser's favourites into mine; answers the union",
      security: signedIn,
      requestBody: jsonBody(favouritesMergeBody, { ids: ['12', 7] }),
      responses: { 200: json('Favourite ids', ids), ...errors(400, 401, 422) },
    },
  },
  '/favourites/{id}': {
    put: {
      operationId: 'addFavourite',
      tags: ['Favourites'],
      summary: 'Add a favourite',
      security: signedIn,
      requestParams: { path: listingIdPath },
      responses: { 204: noContent('Added'), ...errors(401, 404) },
    },
    delete: {
      operationId: 'removeFavourite',
      tags: ['Favourites'],
      summary: 'Remove a favourite',
      security: signedIn,
      requestParams: { path: listingIdPath },
      responses: { 204: noContent('Removed'), ...errors(401, 404) },
    },
  },
  '/favourites/{id}/note': {
    put: {
      operationId: 'setFavouriteNote',
      tags: ['Favourites'],
      summary: `Set my private note on a favourite (plain text, up to ${MAX_NOTE_LENGTH.toLocaleString('en-GB')} characters)`,
      security: signedIn,
      requestParams: { path: listingIdPath },
      requestBody: jsonBody(noteBody, { note: 'Ask about the loft conversion.' }),
      responses: {
        200: json('The saved note', z.object({ note: z.string() })),
        ...errors(400, 401, 404, 422),
      },
    },
  },
};
