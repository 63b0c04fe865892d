import cluster from 'node:cluster';
import type http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseLockedError, type DatabaseHandle } from '../db/client.ts';
import { authSettingsFromAmplifyConfig, identityOrigins } from './auth/auth-settings.ts';
import { createAuth } from './auth/auth.ts';
import { createSessionMiddleware, sessionUserOf } from './auth/session-middleware.ts';
import { createBackgroundJobs } from './background-jobs.ts';
import { isJobsWorker, reportReady, runPrimary } from './cluster.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createHttpApp, securityHeaders } from './http/create-app.ts';
import { listen } from './http/listen.ts';
import { createLogger, type Logger } from './logger.ts';
import { amplifyConfig, createIdentityService, IdentityConfigError } from '../identity/public.ts';
import { openInfrastructure, type Infrastructure } from './infrastructure.ts';
import { createSitemapRouter } from './marketplace/search/sitemap.ts';
import { createOutboxRouter } from './mail/outbox-router.ts';
import { createMarketplace } from './marketplace/marketplace.ts';
import { identityAdminFor } from './identity-admin/identity-admin.ts';
import { mountMarketplaceApi } from './marketplace/mount-api.ts';
import { createPaymentProvider } from './marketplace/payments/create-payment-provider.ts';
import { createPaymentsRouter, WEBHOOK_PATH } from './marketplace/payments/payments-router.ts';
import {
  createHttpWebhookDelivery,
  testWebhookSecretFrom,
} from './marketplace/payments/stand-in-provider.ts';
import {
  answeringCachedImagesFirst,
  createCachedImageHandler,
  createImageRouter,
} from './media/image-route.ts';
import { createDecodeSlots } from './media/decode-slots.ts';
import {
  createDevWebHandler,
  createWebHandler,
  type LoadContextFactory,
} from './web/web-handler.ts';

export interface RunningRoost {
  url: string;
  server: http.Server;
  database: DatabaseHandle;
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  stop(): Promise<void>;
}

export interface StartOptions {
  config: Config;
  logger: Logger;
  /** Serve through Vite's dev server instead of the production build. */
  dev?: boolean;
  /** Run the background jobs here (false: another process of the cluster runs them). */
  runJobs?: boolean;
}

/**
 * Start-up, in order: the infrastructure (database, media, mail, limiter), the services built on
 * it, the background jobs, the HTTP app, the listeners. Each step is handed only what exists.
 */
export async function startRoost({
  config,
  logger,
  dev = false,
  runJobs = true,
}: StartOptions): Promise<RunningRoost> {
  const address = siteAddress(config.publicUrl);
  const infrastructure = await openInfrastructure(config, logger);
  try {
    const services = await createServices(config, logger, infrastructure, address);
    const jobs = createBackgroundJobs({
      config,
      logger,
      db: infrastructure.database.db,
      mailer: infrastructure.mailer,
      blobs: infrastructure.blobs,
      variants: infrastructure.variants,
      secret: infrastructure.appSecret,
      marketplace: services.marketplace,
      publicUrl: address.url,
    });
    let isShuttingDown = false;
    const listener = await createListener(
      { config, logger, dev, infrastructure, services, address },
      () => isShuttingDown,
    );
    const servers = await listen(config, services.identity, listener, address);
    if (runJobs) {
      jobs.start();
      logger.info({ pid: process.pid }, 'background jobs started');
    }
    let stopping: Promise<void> | undefined;
    const stop = () => {
      stopping ??= (async () => {
        isShuttingDown = true;
        await servers.close(config.shutdownTimeoutMs);
        await jobs.stop();
        await services.close();
        await infrastructure.close();
      })();
      return stopping;
    };
    return { url: address.url(), server: servers.http, database: infrastructure.database, stop };
  } catch (error) {
    await infrastructure.close();
    throw error;
  }
}

/** Where Roost answers: PUBLIC_URL, with the port it listens on once it does (tests ask for any). */
function siteAddress(publicUrl: string) {
  let url = publicUrl;
  return {
    url: () => url,
    listening(configuredPort: number, port: number) {
      url = publicUrl.replace(`:${configuredPort}`, `:${port}`);
    },
  };
}
export type SiteAddress = ReturnType<typeof siteAddress>;

type Services = Awaited<ReturnType<typeof createServices>>;

/**
 * The embedded Cognito-compatible user pool (`/idp`, JWKS, hosted OAuth; docs/identity.md) and
 * its admin API, payments, the marketplace, and sign-in verification.
 */
async function createServices(
  config: Config,
  logger: Logger,
  { database, mailer, limiter, blobs, appSecret }: Infrastructure,
  address: SiteAddress,
) {
  const db = database.db;
  const identity = await createIdentityService({
    db,
    config: config.identity,
    logger,
    sendMessage: mailer.send,
    limiter,
  });
  // The admin portal's user pages and GDPR requests call the pool's admin API through the AWS
  // SDK: this server's own /idp (embedded) or Amazon Cognito (AUTH_PROVIDER=cognito).
  const identityAdmin = identityAdminFor({
    ...config.identity,
    endpoint: () => `${address.url()}/idp`,
    poolDatabase: db,
  });
  const paymentProvider = createPaymentProvider(config.payments, {
    db,
    logger,
    isProduction: config.isProduction,
    deliver: createHttpWebhookDelivery(() => `${address.url()}${WEBHOOK_PATH}`),
    testWebhookSecret: testWebhookSecretFrom(appSecret),
  });
  const { media } = config;
  const marketplace = createMarketplace({
    limiter,
    uploadsPerHour: config.uploadsPerHour,
    prsDatabaseRequiredFrom: config.prsDatabaseRequiredFrom,
    payments: { provider: paymentProvider, supplier: config.payments.supplier },
    db,
    geocoder: config.geocoder,
    secret: appSecret,
    media: {
      blobs,
      limits: media.limits,
      maxPhotos: media.maxPhotos,
      maxAnonymousMedia: media.maxAnonymousMedia,
      decodeSlots: createDecodeSlots({ concurrency: media.decodeConcurrency }),
    },
    anonymousDraftsPerHour: media.anonymousDrafts.perHour,
    publicUrl: config.publicUrl,
    logger,
    mail: (tag) => (email) => mailer.send({ channel: 'email', tag, ...email }),
    contact: { operatorEmail: config.operatorEmail, limitPerHour: config.contactRateLimitPerHour },
    identityAdmin: () => identityAdmin,
  });
  // Identity tokens are verified by JWKS against the pool /amplify-config.json publishes
  // (embedded or Amazon Cognito).
  const auth = createAuth({
    logger,
    loadSettings: async () => {
      const settings = authSettingsFromAmplifyConfig(amplifyConfig(identity.config));
      if (identity.config.provider !== 'embedded') return settings;
      const { issuer } = identity.config;
      return { ...settings, issuer, jwksUri: `${issuer}/.well-known/jwks.json` };
    },
    // A revoked, disabled or signed-out-everywhere user's ID token stops working at once.
    isTokenLive: (claims) => identity.isTokenLive(claims),
  });
  return {
    identity,
    marketplace,
    auth,
    close: async () => {
      await marketplace.close();
      identityAdmin.close();
      await identity.close();
    },
  };
}

interface ListenerParts {
  config: Config;
  logger: Logger;
  dev: boolean;
  infrastructure: Infrastructure;
  services: Services;
  address: SiteAddress;
}

/** The Express app, with image variants already in memory answered in front of it. */
async function createListener(
  { config, logger, dev, infrastructure, services, address }: ListenerParts,
  isShuttingDown: () => boolean,
): Promise<http.RequestListener> {
  const { database, blobs, variants, changes, limiter } = infrastructure;
  const { identity, marketplace } = services;
  const getLoadContext: LoadContextFactory = (req, res) => ({
    marketplace,
    logger: req.log,
    requestId: String(req.id),
    user: sessionUserOf(res),
    site: config.site,
    clientIp: req.ip ?? 'unknown',
  });
  const web = dev
    ? await createDevWebHandler(getLoadContext)
    : await createWebHandler(getLoadContext, {
        pageCacheSeconds: config.searchPageCacheSeconds,
        changes,
      });
  const app = createHttpApp({
    logger,
    trustProxy: config.trustProxy,
    database,
    limiter,
    isShuttingDown,
    routers: [
      identity.router,
      ...(config.mail.isOutboxPageEnabled ? [createOutboxRouter(config.mail.outboxDir)] : []),
      createSitemapRouter({ db: database.db, publicUrl: address.url }),
      // Before the JSON API: the webhook's signature is over the raw body.
      createPaymentsRouter(marketplace.payments, {
        applePayDomainFile: config.payments.applePayDomainFile,
      }),
      // Before the session: images are public, and a signed-in browser sends its cookies with
      // every one, which would otherwise be verified each time for nothing.
      createImageRouter({
        blobs,
        // The server's one cache, so deleting an original drops its variants from memory too.
        variants,
        // No backfill on first view: queuing all 14 variants (AVIF up to 1,920 px) for every
        // older photo a page shows kept a core busy behind every demo page; older photos are
        // resized on request, as before upload-time variants.
      }),
      createSessionMiddleware(services.auth),
    ],
    mountApi: (api) => mountMarketplaceApi(api, marketplace),
    web,
    // Writes from PUBLIC_URL's pages only (and, outside production, from the address the
    // request was sent to); the pages' CSP allows the pool.
    security: {
      publicUrl: address.url,
      acceptOwnOrigin: !config.isProduction,
      connectOrigins: () => identityOrigins(amplifyConfig(identity.config)),
      development: dev,
    },
  });
  // Image variants already in memory are answered before Express and its middleware (no
  // access log line, request id or CSP for them; the app's static security headers are kept):
  // misses, renders and their errors still go through the app (docs/performance.md).
  return answeringCachedImagesFirst(
    createCachedImageHandler(variants, { securityHeaders: securityHeaders() }),
    app,
  );
}

/**
 * The process entry: validate config, then serve, in this process or (WEB_CONCURRENCY above 1)
 * in that many under node:cluster; stop cleanly on SIGTERM or SIGINT.
 */
export async function main(config: Config = loadConfig()) {
  const logger = createLogger(config);
  if (cluster.isPrimary && config.webConcurrency > 1) {
    runPrimary({ processes: config.webConcurrency, logger });
    return;
  }
  if (cluster.isPrimary && !config.databaseUrl) {
    logger.info('one server process: the embedded PGlite database allows one per data directory');
  }
  const dev = process.argv.includes('--dev');
  let roost: RunningRoost;
  try {
    roost = await startRoost({ config, logger, dev, runJobs: isJobsWorker() });
  } catch (error) {
    if (
      error instanceof DatabaseLockedError ||
      error instanceof ConfigError ||
      error instanceof IdentityConfigError
    ) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      // Either listener can clash: the site's PORT or the hosted sign-in domain's HTTPS_PORT.
      const port = (error as NodeJS.ErrnoException & { port?: number }).port ?? config.port;
      const variable = port === config.port ? 'PORT' : 'HTTPS_PORT';
      process.stderr.write(`Port ${port} is already in use; set ${variable} to another port.\n`);
      process.exit(1);
    }
    logger.fatal({ err: error }, 'Roost failed to start');
    process.exit(1);
  }
  logger.info({ url: roost.url, database: roost.database.kind }, 'Roost is listening');
  if (cluster.isWorker) reportReady(roost.url);
  else process.stderr.write(`Roost is ready at ${roost.url}\n`);

  let signals = 0;
  const shutdown = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    roost
      .stop()
      .then(() => {
        logger.info('stopped cleanly');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.on('SIGTERM', shutdown);
  // In a cluster the primary decides: Ctrl-C reaches every process, and it sends SIGTERM on.
  process.on('SIGINT', cluster.isWorker ? () => {} : shutdown);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
