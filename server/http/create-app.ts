import express, { type ErrorRequestHandler, type Router } from 'express';
import helmet from 'helmet';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Logger } from '../logger.ts';
import type { TrustProxy } from '../config.ts';
import { createApiRouter } from './api.ts';
import { compressResponses } from './compress-responses.ts';
import { toClientError } from './client-errors.ts';
import { contentSecurityPolicy } from './content-security-policy.ts';
import { sendErrorPage } from './error-page.ts';
import { rejectCrossSiteWrites } from './cross-site-guard.ts';
import type { AbuseLimiter } from '../../limits/index.ts';
import { createHealthRouter } from './health.ts';
import { rejectUnreadableUrls } from './request-guards.ts';
import { requestLogging } from './request-logging.ts';
import { asRetryLater } from './retry-later-error.ts';
import { toApiErrorBody } from './app-error.ts';

const BROTLI_QUALITY = 3;
const GZIP_LEVEL = 3;

const HELMET_OPTIONS = {
  // Our own policy below: a nonce per response for React Router's inline scripts.
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  xFrameOptions: { action: 'deny' },
  // Not helmet's `no-referrer`: under it a browser sends `Origin: null` with a plain form post
  // (one without JavaScript, or a download), which the cross-site guard must refuse. Other
  // sites still get no Referer.
  referrerPolicy: { policy: 'same-origin' },
} as const;

/**
 * Helmet's headers (`X-Content-Type-Options: nosniff`, `Cross-Origin-Resource-Policy:
 * same-origin`, HSTS, …): the app's first middleware, and the same for responses answered in
 * front of the app (cached image variants), so they carry the same ones.
 */
export function securityHeaders() {
  return helmet(HELMET_OPTIONS);
}

export interface HttpAppParts {
  logger: Logger;
  /**
   * Express's `trust proxy` (TRUST_PROXY): which proxies' `X-Forwarded-For` counts for
   * `req.ip`. Unset trusts none: every per-address limit then counts the connecting address.
   */
  trustProxy?: TrustProxy;
  database: Pick<DatabaseHandle, 'ping'>;
  /** Reported by `/readyz` (degraded while Redis does not answer). */
  limiter?: Pick<AbuseLimiter, 'health'>;
  isShuttingDown: () => boolean;
  /** Routers mounted before the web app, e.g. the image loader (and later identity). */
  routers: Router[];
  mountApi?: (api: Router) => void;
  web: Router;
  security?: HttpSecurity;
}

export interface HttpSecurity {
  /**
   * PUBLIC_URL, read per request (the port is known only once listening): every write (page
   * action, resource route, API call with the sign-in cookie or no credential) must come from its
   * origin. Without it, the request's own origin stands in.
   */
  publicUrl?: () => string;
  /** Also accept writes from the request's own origin (development and tests, not production). */
  acceptOwnOrigin?: boolean;
  /** Origins the pages' scripts may call besides the site (user pool, hosted OAuth domain). */
  connectOrigins?: () => readonly string[];
  /** Vite's development server: a looser Content-Security-Policy for hot reload. */
  development?: boolean;
}

/** The one HTTP app: probes, API, media and identity routes, then every page. */
export function createHttpApp(parts: HttpAppParts): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', parts.trustProxy ?? false);
  app.use(
    createHealthRouter(
      { database: parts.database, ...(parts.limiter ? { limiter: parts.limiter } : {}) },
      parts.isShuttingDown,
      parts.logger,
    ),
  );
  app.use(requestLogging(parts.logger));
  const security = parts.security ?? {};
  app.use(securityHeaders());
  app.use(
    contentSecurityPolicy({
      connectOrigins: security.connectOrigins,
      development: security.development,
      upgradeInsecureRequests: security.publicUrl?.().startsWith('https:') ?? false,
    }),
  );
  app.use(rejectUnreadableUrls());
  // Before every router: no write from another site reaches a page, a resource route or the API.
  app.use(
    rejectCrossSiteWrites({
      publicUrl: security.publicUrl,
      acceptOwnOrigin: security.acceptOwnOrigin,
    }),
  );
  // Brotli at quality 3 rather than the middleware's 4: measured on a rendered search page
  // (59 KB), 0.26 ms instead of 0.49 ms of CPU for 5 % more bytes (docs/performance.md).
  // gzip (clients without Brotli: scripts, crawlers, Node's fetch) at level 3 rather than zlib's
  // 6: on 60 KB of our text, 0.76 ms instead of 1.41 ms for 9 % more bytes, as small as Brotli 3.
  app.use(compressResponses({ brotliQuality: BROTLI_QUALITY, gzipLevel: GZIP_LEVEL }));
  for (const router of parts.routers) app.use(router);
  app.use('/api/v1', createApiRouter(parts.mountApi));
  app.use(parts.web);
  const lastResort: ErrorRequestHandler = (error, req, res, _next) => {
    // The database away (a sign-in that cannot be checked, a query that cannot run): 503 with
    // Retry-After, never a 401 or a 500 (the API's JSON under /api/, a plain page elsewhere).
    const retryLater = asRetryLater(error);
    if (retryLater && !res.headersSent) {
      (req.log ?? parts.logger).error({ err: error }, 'answered retry later');
      res.setHeader('Retry-After', String(retryLater.retryAfterSeconds));
      if (req.path.startsWith('/api/')) {
        res
          .status(retryLater.status)
          .set('Cache-Control', 'private, no-store')
          .json(toApiErrorBody(retryLater));
      } else {
        sendErrorPage(res, retryLater.status, retryLater.message);
      }
      return;
    }
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
