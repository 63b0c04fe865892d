import type { Request, Router } from 'express';
import { requireApiAdmin } from '../../auth/guards.ts';
import { sessionUserOf } from '../../auth/session-middleware.ts';
import { AppError } from '../../http/app-error.ts';
import type { Marketplace } from '../marketplace.ts';

type Params = Record<string, string>;

/**
 * `/api/v1/admin/…`: the moderation queue for administrators. The role is checked here from the
 * verified ID token (403 otherwise) and again by every use case.
 */
export function mountModerationApi(
  api: Router,
  { moderation }: Pick<Marketplace, 'moderation'>,
): void {
  const admin = (res: Parameters<typeof sessionUserOf>[0]) => requireApiAdmin(sessionUserOf(res));

  api.get('/admin/reports', async (_req, res) => {
    res.json({ listings: await moderation.reportedListings({ user: admin(res) }) });
  });
  api.get('/admin/moderation-actions', async (_req, res) => {
    res.json({ actions: await moderation.recentDecisions({ user: admin(res) }) });
  });
  api.post('/admin/listings/:id/moderation', async (req: Request<Params>, res) => {
    const user = admin(res);
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('NOT_FOUND', 'No such listing.');
    res.status(201).json(await moderation.decide({ user, listingId: id, input: req.body ?? {} }));
  });
}
