import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DatabaseLockedError,
  databaseTarget,
  openDatabase,
  type DatabaseHandle,
} from '../db/client.ts';
import { authSettingsFromAmplifyConfig, identityOrigins } from './auth/auth-settings.ts';
import { createAuth } from './auth/auth.ts';
import { createSessionMiddleware, sessionUserOf } from './auth/session-middleware.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createHttpApp, staticSecurityHeaders } from './http/create-app.ts';
import { createLogger, type Logger } from './logger.ts';
import {
  amplifyConfig,
  createAbuseLimiter,
  createIdentityService,
  loadTlsCredentials,
  parseIdentityConfig,
} from '../identity/public.ts';
import { parseMailConfig } from './mail/mail-config.ts';
import { loadAppSecret } from './app-secret.ts';
import { initialClusterFile, prepareDatabase, seedDemoOnce } from './prepare-database.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { createMailer } from './mail/mailer.ts';
import { createSearchAlertsJob } from './marketplace/alerts/send-search-alerts.ts';
import { createSitemapRouter } from './marketplace/search/sitemap.ts';
import {
  createSearchStatisticsJob,
  refreshSearchStatistics,
} from './marketplace/search/refresh-search-statistics.ts';
import { createOutboxRouter } from './mail/outbox-router.ts';
import { createMarketplace } from './marketplace/marketplace.ts';
import { createAccountErasureJob } from './marketplace/admin-users/account-erasure-job.ts';
import { identityAdminFor } from './identity-admin/identity-admin.ts';
import { createAnonymousDraftExpiryJob } from './marketplace/listings/expire-anonymous-drafts.ts';
import { mountMarketplaceApi } from './marketplace/mount-api.ts';
import { createPaymentProvider } from './marketplace/payments/create-payment-provider.ts';
import { parsePaymentsConfig } from './marketplace/payments/payments-config.ts';
import { createPaymentsJobs } from './marketplace/payments/payments-jobs.ts';
import { createPaymentsRouter, WEBHOOK_PATH } from './marketplace/payments/payments-router.ts';
import {
  createHttpWebhookDelivery,
  testWebhookSecretFrom,
} from './marketplace/payments/test-provider.ts';
import { createLiveLetsCheckJob } from './marketplace/listings/check-live-lets.ts';
import { createListingFreshnessJob } from './marketplace/listings/keep-listings-fresh.ts';
import {
  answeringCachedImagesFirst,
  createCachedImageHandler,
  createImageRouter,
} from './media/image-route.ts';
import { createPhotoVariantsJob } from './media/photo-variants-job.ts';
import { createVariantCache, deletingVariants } from './media/variant-cache.ts';
import { createDecodeSlots } from './media/decode-slots.ts';
import { createBlobStore, parseMediaConfig } from './media/media-config.ts';
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
}

export async function startRoost({
  config,
  logger,
  dev = false,
}: StartOptions): Promise<RunningRoost> {
  // Paid upgrades: Stripe with keys, else the built-in test provider (docs/payments.md).
  const paymentsConfig = parsePaymentsConfig(process.env, {
    isProduction: config.isProduction,
    companyName: config.site.companyName,
  });
  fs.mkdirSync(config.dataDir, { recursive: true });
  const target = databaseTarget({ ...config, initialCluster: initialClusterFile() });
  const database = await openDatabase(
    target.kind === 'postgres'
      ? {
          ...target,
          onIdleError: (error) => logger.warn({ err: error }, 'idle database connection lost'),
        }
      : {
          ...target,
          onFailure: (report) => logger.error(report, report.reason),
        },
  );
  try {
    await prepareDatabase(database);
    logger.info({ database: database.kind }, 'database migrated');

    const mediaConfig = parseMediaConfig(process.env, config.dataDir);
    // Deleting an original deletes the variants rendered from it.
    const variantsDir = path.join(config.dataDir, 'media', 'variants');
    const variants = createVariantCache(variantsDir);
    const blobs = deletingVariants(await createBlobStore(mediaConfig), variants);
    if (config.seedDemo) {
      const seed = await seedDemoOnce(database, { blobs });
      if (seed.seeded) logger.info({ listings: seed.listings }, 'demo listings seeded');
    }
    await refreshSearchStatistics(database.db);

    const appSecret = loadAppSecret({ appSecret: config.appSecret, dataDir: config.dataDir });
    // The address Roost answers at once listening (links in e-mails, test-payment webhooks).
    const paymentProvider = createPaymentProvider(paymentsConfig, {
      db: database.db,
      logger,
      isProduction: config.isProduction,
      deliver: createHttpWebhookDelivery(() => `${liveUrl}${WEBHOOK_PATH}`),
      testWebhookSecret: testWebhookSecretFrom(appSecret),
    });
    // One abuse limiter for identity and the marketplace: Redis with REDIS_URL, else the database.
    const limiter = await createAbuseLimiter({ db: database.db, redisUrl: config.redisUrl });
    const marketplace = createMarketplace({
      limiter,
      uploadsPerHour: config.uploadsPerHour,
      prsDatabaseRequiredFrom: config.prsDatabaseRequiredFrom,
      payments: { provider: paymentProvider, supplier: paymentsConfig.supplier },
      db: database.db,
      geocoder: config.geocoder,
      secret: appSecret,
      media: {
        blobs,
        limits: mediaConfig.limits,
        maxPhotos: mediaConfig.maxPhotos,
        maxAnonymousMedia: mediaConfig.maxAnonymousMedia,
        decodeSlots: createDecodeSlots({ concurrency: mediaConfig.decodeConcurrency }),
      },
      anonymousDraftsPerHour: mediaConfig.anonymousDrafts.perHour,
      publicUrl: config.publicUrl,
      logger,
      mail: (tag) => (email) => mailer.send({ channel: 'email', tag, ...email }),
      contact: {
        operatorEmail: config.operatorEmail,
        limitPerHour: config.contactRateLimitPerHour,
      },
      identityAdmin: () => identityAdmin,
    });
    // Identity tokens are verified by JWKS against the pool /amplify-config.json publishes
    // (embedded or Amazon Cognito); read lazily, once the identity service below exists.
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
      : await createWebHandler(getLoadContext, { pageCacheSeconds: config.searchPageCacheSeconds });

    // Mail (SMTP, SMS provider or the DATA_DIR/outbox) and the embedded Cognito-compatible user
    // pool (`/idp`, JWKS, hosted OAuth, `/amplify-config.json`); see docs/identity.md.
    const mailConfig = parseMailConfig(process.env, {
      dataDir: config.dataDir,
      isProduction: config.isProduction,
    });
    const mailer = createMailer(mailConfig, logger);
    const identityConfig = parseIdentityConfig(process.env, {
      dataDir: config.dataDir,
      publicUrl: config.publicUrl,
    });
    const identity = await createIdentityService({
      db: database.db,
      config: identityConfig,
      logger,
      sendMessage: mailer.send,
      limiter,
    });
    // The admin portal's user pages and GDPR requests call the pool's admin API through the AWS
    // SDK: this server's own /idp (embedded) or Amazon Cognito (AUTH_PROVIDER=cognito).
    const identityAdmin = identityAdminFor({
      ...identityConfig,
      endpoint: () => `${liveUrl}/idp`,
      poolDatabase: database.db,
    });

    // Durable background work, stored in the database: search alerts (and listing freshness).
    let liveUrl = config.publicUrl;
    const jobQueue = createJobQueue({
      db: database.db,
      logger,
      pollMs: config.jobs.pollMs,
      definitions: [
        createSearchStatisticsJob(database.db),
        createSearchAlertsJob({
          db: database.db,
          search: marketplace.search.run,
          send: mailer.send,
          publicUrl: () => liveUrl,
          secret: appSecret,
          everyMs: config.jobs.alertIntervalMs,
        }),
        createPhotoVariantsJob({ blobs, variants }),
        createAnonymousDraftExpiryJob({
          db: database.db,
          blobs,
          keepDays: mediaConfig.anonymousDrafts.keepDays,
        }),
        ...createPaymentsJobs({
          db: database.db,
          send: () => (email) =>
            mailer.send({ channel: 'email', tag: 'payment-receipt', ...email }),
          publicUrl: () => liveUrl,
        }),
        createAccountErasureJob(marketplace.adminUsers),
        marketplace.campaigns.sendJob(),
        createListingFreshnessJob({
          db: database.db,
          send: () => (email) =>
            mailer.send({ channel: 'email', tag: 'listing-freshness', ...email }),
          publicUrl: () => liveUrl,
        }),
        createLiveLetsCheckJob({
          db: database.db,
          send: () => (email) =>
            mailer.send({ channel: 'email', tag: 'listing-let-rules', ...email }),
          publicUrl: () => liveUrl,
          settings: { prsDatabaseRequiredFrom: config.prsDatabaseRequiredFrom },
        }),
      ],
    });

    let isShuttingDown = false;
    const app = createHttpApp({
      logger,
      trustProxy: config.trustProxy,
      database,
      isShuttingDown: () => isShuttingDown,
      routers: [
        identity.router,
        ...(mailConfig.isOutboxPageEnabled ? [createOutboxRouter(mailConfig.outboxDir)] : []),
        createSitemapRouter({ db: database.db, publicUrl: () => liveUrl }),
        // Before the JSON API: the webhook's signature is over the raw body.
        createPaymentsRouter(marketplace.payments, {
          applePayDomainFile: paymentsConfig.applePayDomainFile,
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
        createSessionMiddleware(auth),
      ],
      mountApi: (api) => mountMarketplaceApi(api, marketplace),
      web,
      // Writes from PUBLIC_URL's pages only (and, outside production, from the address the
      // request was sent to); the pages' CSP allows the pool.
      security: {
        publicUrl: () => liveUrl,
        acceptOwnOrigin: !config.isProduction,
        connectOrigins: () => identityOrigins(amplifyConfig(identity.config)),
        development: dev,
      },
    });
    // Image variants already in memory are answered before Express and its middleware (no
    // access log line, request id or CSP for them; the app's static security headers are kept):
    // misses, renders and their errors still go through the app (docs/performance.md §5).
    const listener = answeringCachedImagesFirst(
      createCachedImageHandler(variants, { headers: staticSecurityHeaders() }),
      app,
    );
    const server = http.createServer(listener);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = config.publicUrl.replace(`:${config.port}`, `:${port}`);
    liveUrl = url;

    // Amplify calls the hosted OAuth domain only over https: a second listener on HTTPS_PORT.
    let httpsServer: https.Server | undefined;
    if (identityConfig.provider === 'embedded') {
      const tlsServer = https.createServer(await loadTlsCredentials(identityConfig), listener);
      const wantedPort =
        identityConfig.isHttpsPortSet || config.port !== 0 ? identityConfig.httpsPort : 0;
      try {
        await new Promise<void>((resolve, reject) => {
          tlsServer.once('error', reject);
          tlsServer.listen(wantedPort, config.host, () => resolve());
        });
      } catch (error) {
        server.close();
        throw error;
      }
      httpsServer = tlsServer;
      const httpsAddress = tlsServer.address();
      const httpsPort = typeof httpsAddress === 'object' && httpsAddress ? httpsAddress.port : 0;
      if (port !== config.port || httpsPort !== identityConfig.httpsPort) {
        identity.setListening({ publicUrl: url, httpsPort });
      }
    }

    jobQueue.start();
    let stopping: Promise<void> | undefined;
    const stop = () => {
      stopping ??= (async () => {
        isShuttingDown = true;
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        const closedHttps = new Promise<void>((resolve) =>
          httpsServer ? httpsServer.close(() => resolve()) : resolve(),
        );
        server.closeIdleConnections();
        httpsServer?.closeIdleConnections();
        const force = setTimeout(() => server.closeAllConnections(), config.shutdownTimeoutMs);
        await closed;
        httpsServer?.closeAllConnections();
        await closedHttps;
        clearTimeout(force);
        await jobQueue.stop();
        await marketplace.close();
        identityAdmin.close();
        await identity.close();
        await limiter.close();
        mailer.close();
        await database.close();
      })();
      return stopping;
    };
    return { url, server, database, stop };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The process entry: validate config, start, and stop cleanly on SIGTERM or SIGINT. */
export async function main(config: Config = loadConfig()) {
  const logger = createLogger(config);
  const dev = process.argv.includes('--dev');
  let roost: RunningRoost;
  try {
    roost = await startRoost({ config, logger, dev });
  } catch (error) {
    if (error instanceof DatabaseLockedError || error instanceof ConfigError) {
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
  process.stderr.write(`Roost is ready at ${roost.url}\n`);

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
  process.on('SIGINT', shutdown);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
