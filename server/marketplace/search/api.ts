import type { Router } from 'express';
import { isValid, toNormalised } from 'postcode';
import type { Marketplace } from '../marketplace.ts';

/** `GET /api/v1/places?q=` — suggestions for the location box, as people type. */
export function mountSearchApi(api: Router, marketplace: Pick<Marketplace, 'search'>): void {
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
      const places = await marketplace.search.suggestPlaces(q);
      res.json({ places: [...postcode, ...places] });
    } catch (error) {
      next(error);
    }
  });
}
