import cluster from 'node:cluster';
import { Router } from 'express';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Logger } from '../logger.ts';

/**
 * `/healthz`: the process answers. `/readyz`: it can also reach its database. Mounted before
 * request logging so probes do not flood the logs; a failed check is still logged.
 */
export function createHealthRouter(
  database: Pick<DatabaseHandle, 'ping'>,
  isShuttingDown: () => boolean,
  logger: Logger,
) {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    // Under WEB_CONCURRENCY, which of the server processes answered (its number, not its pid).
    res.json(cluster.worker ? { status: 'ok', worker: cluster.worker.id } : { status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (isShuttingDown()) {
      res.status(503).json({ status: 'shutting-down' });
      return;
    }
    try {
      await database.ping();
      res.json({ status: 'ready', database: 'ok' });
    } catch (error) {
      logger.error({ err: error }, 'readiness check failed: database unreachable');
      res.status(503).json({ status: 'unavailable', database: 'unreachable' });
    }
  });
  return router;
}
