import cluster from 'node:cluster';
import { Router } from 'express';
import type { DatabaseHandle } from '../../db/client.ts';
import type { AbuseLimiter } from '../../limits/index.ts';
import type { Logger } from '../logger.ts';

export interface HealthDependencies {
  database: Pick<DatabaseHandle, 'ping'>;
  /** The abuse limiter: with Redis, degraded while the database counts in its place. */
  limiter?: Pick<AbuseLimiter, 'health'>;
}

/**
 * `/healthz`: the process answers. `/readyz`: it can also reach its database (503 if not); a
 * dependency it can work without (Redis) is reported in the body as degraded, with a 200, so a
 * balancer keeps the instance while the operator sees why. Mounted before request logging so
 * probes do not flood the logs; a failed check is still logged.
 */
export function createHealthRouter(
  dependencies: HealthDependencies,
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
    const limits = await dependencies.limiter?.health();
    const extra = limits ? { rateLimits: limits } : {};
    try {
      await dependencies.database.ping();
      const status = limits?.state === 'degraded' ? 'degraded' : 'ready';
      res.json({ status, database: 'ok', ...extra });
    } catch (error) {
      logger.error({ err: error }, 'readiness check failed: database unreachable');
      res.status(503).json({ status: 'unavailable', database: 'unreachable', ...extra });
    }
  });
  return router;
}
