import type { Response, Router } from 'express';
import { isValid, toNormalised } from 'postcode';
import { z } from 'zod';
import { sessionUserOf } from '../../auth/session-middleware.ts';
import { mountOperations, operationsOf } from '../../http/api-operation.ts';
import { listingSummary } from '../listings/api-responses.ts';
import type { Marketplace } from '../marketplace.ts';
import { json } from '../openapi/common.ts';
import {
  mapPoints,
  placeSuggestions,
  searchFilterParams,
  searchPage,
  searchPageParams,
  searchScopeParams,
} from './api-schemas.ts';

type Deps = Pick<Marketplace, 'search'>;
const operation = operationsOf<Deps>();

/** The search URL's parameters (the same as the search pages'), read as the pages read them. */
function searchScope(originalUrl: string, res: Response) {
  const params = new URL(originalUrl, 'http://localhost').searchParams;
  const place = params.get('place');
  return {
    channel: params.get('channel') === 'rent' ? ('rent' as const) : ('sale' as const),
    params,
    placeSlug: place && /^[a-z0-9-]{1,80}$/.test(place) ? place : undefined,
    user: sessionUserOf(res),
  };
}

/** Search answers never fail on bad filters: what cannot be used is explained in `notices`. */
export const searchOperations = [
  operation({
    method: 'get',
    path: '/search/map',
    operationId: 'searchMap',
    tags: ['Search'],
    summary: 'Every match of a search as map points (the newest 1,000)',
    query: searchFilterParams.extend(searchScopeParams.shape),
    responses: { 200: json('Map points', mapPoints) },
    handle: async ({ req, res, deps: { search } }) => {
      const result = await search.mapPoints(searchScope(req.originalUrl, res));
      res.setHeader('Cache-Control', 'private, max-age=30');
      res.json(result);
    },
  }),
  operation({
    method: 'get',
    path: '/search',
    operationId: 'search',
    tags: ['Search'],
    summary: 'A page of results: the same filters as the /search/for-sale/ pages',
    description: 'Signed in, listings you hid are left out.',
    query: searchPageParams,
    responses: { 200: json('A page of results', searchPage) },
    handle: async ({ req, res, deps: { search } }) => {
      const scope = searchScope(req.originalUrl, res);
      const limit = Number(scope.params.get('limit') ?? 24);
      const page = await search.run({
        ...scope,
        pageSize: Number.isInteger(limit) && limit >= 1 && limit <= 24 ? limit : 24,
        featuredAt: new Date(),
      });
      res.setHeader('Cache-Control', 'private, max-age=30');
      res.json(page);
    },
  }),
  operation({
    method: 'get',
    path: '/listing-cards',
    operationId: 'listingCards',
    tags: ['Search'],
    summary: 'Cards for listings still on the site, in the order asked',
    query: z.object({
      ids: z.string().optional().meta({
        description: 'Listing ids, comma-separated (up to 24)',
        example: '3,1,2',
      }),
    }),
    responses: { 200: json('Cards', z.object({ listings: z.array(listingSummary) })) },
    handle: async ({ req, res, deps: { search } }) => {
      const ids = String(req.query.ids ?? '')
        .split(',')
        .map(Number);
      res.setHeader('Cache-Control', 'private, max-age=30');
      res.json({ listings: await search.cards({ ids }) });
    },
  }),
  operation({
    method: 'get',
    path: '/places',
    operationId: 'suggestPlaces',
    tags: ['Search'],
    summary: 'Place suggestions for the location box',
    query: z.object({
      q: z.string().optional().meta({
        description: 'What was typed; 2+ characters (fewer gives no suggestions)',
        example: 'manch',
      }),
    }),
    responses: { 200: json('Suggestions, a typed full postcode first', placeSuggestions) },
    handle: async ({ req, res, deps: { search } }) => {
      const q = typeof req.query.q === 'string' ? req.query.q.trim().slice(0, 100) : '';
      res.setHeader('Cache-Control', 'public, max-age=300');
      if (q.length < 2) {
        res.json({ places: [] });
        return;
      }
      // A full postcode is already an answer: offer it as typed, normalised.
      const postcode = isValid(q) ? [{ name: toNormalised(q)!, slug: null, nation: null }] : [];
      const places = await search.suggestPlaces({ text: q });
      res.json({ places: [...postcode, ...places] });
    },
  }),
];

/** `/api/v1` search: results, map points, cards and place suggestions, as JSON. */
export function mountSearchApi(api: Router, deps: Deps): void {
  mountOperations(api, searchOperations, deps);
}
