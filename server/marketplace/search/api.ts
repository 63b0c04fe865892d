import type { Router } from 'express';
import { isValid, toNormalised } from 'postcode';
import { sessionUserOf } from '../../auth/session-middleware.ts';
import type { Marketplace } from '../marketplace.ts';

/** `GET /api/v1/places?q=` — suggestions for the location box, as people type. */
export function mountSearchApi(api: Router, { search }: Pick<Marketplace, 'search'>): void {
  /** `GET /api/v1/search/map?channel=sale&place=leeds&…filters` — every match as a map point. */
  api.get('/search/map', async (req, res, next) => {
    try {
      const url = new URL(req.originalUrl, 'http://localhost');
      const channel = url.searchParams.get('channel') === 'rent' ? 'rent' : 'sale';
      const place = url.searchParams.get('place');
      const result = await search.mapPoints({
        channel,
        params: url.searchParams,
        placeSlug: place && /^[a-z0-9-]{1,80}$/.test(place) ? place : undefined,
        user: sessionUserOf(res),
      });
      res.setHeader('Cache-Control', 'private, max-age=30');
      res.json(result);
    } catch (error) {
      next(error);
    }
  });

  /** `GET /api/v1/search?channel=sale&place=leeds&…filters&limit=` — a page of results as JSON. */
  api.get('/search', async (req, res, next) => {
    try {
      const url = new URL(req.originalUrl, 'http://localhost');
      const channel = url.searchParams.get('channel') === 'rent' ? 'rent' : 'sale';
      const place = url.searchParams.get('place');
      const limit = Number(url.searchParams.get('limit') ?? 24);
      const page = await search.run({
        channel,
        params: url.searchParams,
        placeSlug: place && /^[a-z0-9-]{1,80}$/.test(place) ? place : undefined,
        user: sessionUserOf(res),
        pageSize: Number.isInteger(limit) && limit >= 1 && limit <= 24 ? limit : 24,
        featuredAt: new Date(),
      });
      res.setHeader('Cache-Control', 'private, max-age=30');
      res.json(page);
    } catch (error) {
      next(error);
    }
  });

  /** `GET /api/v1/listing-cards?ids=3,1,2` — cards for listings still on the site, in that order. */
  api.get('/listing-cards', async (req, res, next) => {
    try {
      const ids = String(req.query.ids ?? '')
        .split(',')
        .map(Number);
      res.setHeader('Cache-Control', 'private, max-age=30');
      res.json({ listings: await search.cards({ ids }) });
    } catch (error) {
      next(error);
    }
  });

  api.get('/places', async (req, res, next) => {
    try {
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
    } catch (error) {
      next(error);
    }
  });
}
