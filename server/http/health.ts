import { Router } from 'express';
import type { DatabaseHandle } from '../../db/client.ts';

/** `/healthz`: the process answers. `/readyz`: it can also reach its database. */
export function createHealthRouter(
  database: Pick<DatabaseHandle, 'ping'>,
  isShuttingDown: () => boolean,
) {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (isShuttingDown()) {
      res.status(503).json({ status: 'shutting-down' });
      return;
    }
    try {
      await database.ping();
      res.json({ status: 'ready', database: 'ok' });
    } catch (error) {
      req.log.error({ err: error }, 'readiness check failed: database unreachable');
      res.status(503).json({ status: 'unavailable', database: 'unreachable' });
    }
  });
  return router;
}
