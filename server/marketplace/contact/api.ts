import type { Router } from 'express';
import { sessionUserOf } from '../../auth/session-middleware.ts';
import type { Marketplace } from '../marketplace.ts';

/** `POST /api/v1/contact-messages`: the contact form for API clients (201, or 422 / 429). */
export function mountContactApi(api: Router, { contact }: Pick<Marketplace, 'contact'>): void {
  api.post('/contact-messages', async (req, res) => {
    const result = await contact.submit({
      user: sessionUserOf(res),
      input: req.body,
      ip: req.ip ?? 'unknown',
      logger: req.log,
    });
    res.status(201).json({ id: result.id, isEmailed: result.isEmailed });
  });
}
