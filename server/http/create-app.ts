import compression from 'compression';
import express, { type ErrorRequestHandler, type Router } from 'express';
import helmet from 'helmet';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Logger } from '../logger.ts';
import type { TrustProxy } from '../config.ts';
import { createApiRouter } from './api.ts';
import { toClientError } from './client-errors.ts';
import { sendErrorPage } from './error-page.ts';
import { createHealthRouter } from './health.ts';
import { rejectUnreadableUrls } from './request-guards.ts';
import { requestLogging } from './request-logging.ts';

export interface HttpAppParts {
  logger: Logger;
  /**
   * Express's `trust proxy` (TRUST_PROXY): which proxies' `X-Forwarded-For` counts for
   * `req.ip`. Unset trusts none: every per-address limit then counts the connecting address.
   */
  trustProxy?: TrustProxy;
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
  app.set('trust proxy', parts.trustProxy ?? false);
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
  app.use(rejectUnreadableUrls());
  app.use(compression());
  for (const router of parts.routers) app.use(router);
  app.use('/api/v1', createApiRouter(parts.mountApi));
  app.use(parts.web);
  const lastResort: ErrorRequestHandler = (error, req, res, _next) => {
    // A page request the web app could not take (a form body in a charset, encoding or size we
    // do not read): the caller's fault, answered with a plain page and its 4xx status.
    const clientError = toClientError(error);
    if (clientError && !res.headersSent) {
      (req.log ?? parts.logger).warn({ err: error }, 'request refused');
      sendErrorPage(res, clientError.status, clientError.message);
      return;
    }
    (req.log ?? parts.logger).error({ err: error }, 'unhandled error');
    if (res.headersSent) return;
    res.status(500).type('text/plain').send('Something went wrong on our side. Please try again.');
  };
  app.use(lastResort);
  return app;
}
