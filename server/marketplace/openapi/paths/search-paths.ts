import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { json } from '../common.ts';
import { listingSummary } from '../listing-responses.ts';
import {
  mapPoints,
  placeSuggestions,
  searchFilterParams,
  searchPage,
  searchPageParams,
  searchScopeParams,
} from '../search-schemas.ts';

/** Search answers never fail on bad filters: what cannot be used is explained in `notices`. */
export const searchPaths: ZodOpenApiPathsObject = {
  '/search': {
    get: {
      operationId: 'search',
      tags: ['Search'],
      summary: 'A page of results: the same filters as the /search/for-sale/ pages',
      description: 'Signed in, listings you hid are left out.',
      requestParams: { query: searchPageParams },
      responses: { 200: json('A page of results', searchPage) },
    },
  },
  '/search/map': {
    get: {
      operationId: 'searchMap',
      tags: ['Search'],
      summary: 'Every match of a search as map points (the newest 1,000)',
      requestParams: { query: searchFilterParams.extend(searchScopeParams.shape) },
      responses: { 200: json('Map points', mapPoints) },
    },
  },
  '/places': {
    get: {
      operationId: 'suggestPlaces',
      tags: ['Search'],
      summary: 'Place suggestions for the location box',
      requestParams: {
        query: z.object({
          q: z.string().optional().meta({
            description: 'What was typed; 2+ characters (fewer gives no suggestions)',
            example: 'manch',
          }),
        }),
      },
      responses: { 200: json('Suggestions, a typed full postcode first', placeSuggestions) },
    },
  },
  '/listing-cards': {
    get: {
      operationId: 'listingCards',
      tags: ['Search'],
      summary: 'Cards for listings still on the site, in the order asked',
      requestParams: {
        query: z.object({
          ids: z.string().optional().meta({
            description: 'Listing ids, comma-separated (up to 24)',
            example: '3,1,2',
          }),
        }),
      },
      responses: {
        200: json('Cards', z.object({ listings: z.array(listingSummary) })),
      },
    },
  },
};
