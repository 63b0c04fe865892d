import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Router } from 'express';
import type { DatabaseHandle } from '../../db/client.ts';
import { sessionUserOf } from '../../server/auth/session-middleware.ts';
import { createHttpApp } from '../../server/http/create-app.ts';
import { createLogger } from '../../server/logger.ts';
import { createMarketplace } from '../../server/marketplace/marketplace.ts';
import { mountMarketplaceApi } from '../../server/marketplace/mount-api.ts';
import { createLocalBlobStore } from '../../server/media/blob-store.ts';
import { DEFAULT_IMAGE_LIMITS } from '../../server/media/process-image.ts';
import { createWebHandler } from '../../server/web/web-handler.ts';
import { serveForTest } from './serve.ts';
import { testSession } from './test-user.ts';

export { TEST_USER_HEADER } from './test-user.ts';

export interface WebAppOver<Handle extends DatabaseHandle> {
  /** `http://127.0.0.1:<port>`: also the PUBLIC_URL the app was given. */
  base: string;
  database: Handle;
  /** Stops serving; the database stays open, its opener's to close. */
  close(): Promise<void>;
}

export interface WebAppOptions {
  pageCacheSeconds?: number;
  /** The signing secret for e-mailed links (none: every such link is refused). */
  secret?: Buffer;
}

/**
 * The whole HTTP app — the real API routes and the real server-rendered pages (the web build)
 * over the given database — with the session middleware replaced by one that reads
 * TEST_USER_HEADER, so each request says who sends it without real tokens. Free of Vitest, so
 * end-to-end specs can serve it too.
 */
export async function startWebAppOver<Handle extends DatabaseHandle>(
  database: Handle,
  options: WebAppOptions = {},
): Promise<WebAppOver<Handle>> {
  const logger = createLogger({ logLevel: 'silent' });
  const blobRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'roost-web-app-'));
  const marketplace = createMarketplace({
    db: database.db,
    media: { blobs: createLocalBlobStore(blobRoot), limits: DEFAULT_IMAGE_LIMITS, maxPhotos: 5 },
    logger,
    contact: { operatorEmail: 'hello@roost.test', limitPerHour: 50 },
    secret: options.secret,
  });
  const session = Router();
  session.use(testSession());
  const web = await createWebHandler(
    (req, res) => ({
      marketplace,
      logger,
      requestId: String(req.id),
      user: sessionUserOf(res),
      site: { companyName: 'Roost', companyNumber: undefined, blogUrl: '/', socialLinks: [] },
      clientIp: req.ip ?? 'unknown',
    }),
    { pageCacheSeconds: options.pageCacheSeconds ?? 0 },
  );
  let base = '';
  const app = createHttpApp({
    logger,
    database,
    isShuttingDown: () => false,
    routers: [session],
    mountApi: (api) => mountMarketplaceApi(api, marketplace),
    web,
    security: { publicUrl: () => base },
  });
  const served = await serveForTest(app);
  base = served.base;
  return {
    base,
    database,
    close: async () => {
      await served.close();
      await marketplace.close();
      await fs.rm(blobRoot, { recursive: true, force: true });
    },
  };
}
