import compression from 'compression';
import express, { type ErrorRequestHandler, type Router } from 'express';
import helmet from 'helmet';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Logger } from '../logger.ts';
import { createApiRouter } from './api.ts';
import { createHealthRouter } from './health.ts';
import { requestLogging } from './request-logging.ts';

export interface HttpAppParts {
  logger: Logger;
  database: Pick<DatabaseHandle, 'ping'>;
  isShuttingDown: () => boolean;
  /** Routers mounted before the web app, e.g. the image loader (and later identity). */
  routers: Router[];
  mountApi?: (api: Router) => void;
  web: Router;
}

/** The one HTTP app: probes, API, media and identity routes, then every page. */
export function createHttpApp(parts: HttpAppParts): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(createHealthRouter(parts.database, parts.isShuttingDown, parts.logger));
  app.use(requestLogging(parts.logger));
  app.use(
    helmet({
      // React Router streams inline hydration scripts; a nonce-based policy arrives with the
      // site shell. Everything else helmet sets (nosniff, frame and referrer policies) applies.
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(compression());
  for (const router of parts.routers) app.use(router);
  app.use('/api/v1', createApiRouter(parts.mountApi));
  app.use(parts.web);
  const lastResort: ErrorRequestHandler = (error, req, res, _next) => {
    (req.log ?? parts.logger).error({ err: error }, 'unhandled error');
    if (res.headersSent) return;
    res.status(500).type('text/plain').send('Something went wrong on our side. Please try again.');
  };
  app.use(lastResort);
  return app;
}
