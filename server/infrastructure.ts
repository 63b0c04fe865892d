import fs from 'node:fs';
import path from 'node:path';
import { databaseTarget, openDatabase } from '../db/client.ts';
import { createAbuseLimiter } from '../limits/index.ts';
import { loadAppSecret } from './app-secret.ts';
import { createLocalChangeFeed, createPostgresChangeFeed } from './changes/change-feed.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import { createMailer } from './mail/mailer.ts';
import { refreshSearchStatistics } from './marketplace/search/refresh-search-statistics.ts';
import { createBlobStore } from './media/media-config.ts';
import {
  createVariantCache,
  deletingVariants,
  forgettingDeletedOriginals,
} from './media/variant-cache.ts';
import { initialClusterFile, prepareDatabase, seedDemoOnce } from './prepare-database.ts';

/**
 * Start-up's first step: what the services are built on. The database (migrated, reference data
 * loaded, demo seeded under its lock), media storage and its variant cache, the change feed that
 * tells every instance about deleted photos and search changes, the abuse limiter, the mailer and
 * the app secret. `close` releases them in reverse order.
 */
export type Infrastructure = Awaited<ReturnType<typeof openInfrastructure>>;

/** The database (migrated, seeded), media storage, mail, the abuse limiter and the app secret. */
export async function openInfrastructure(config: Config, logger: Logger) {
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
    // Deleting an original deletes the variants rendered from it.
    const variants = createVariantCache(path.join(config.dataDir, 'media', 'variants'));
    // Photo deletions and search changes reach every instance sharing the database.
    const changes =
      database.kind === 'postgres'
        ? await createPostgresChangeFeed(config.databaseUrl!, logger)
        : createLocalChangeFeed();
    forgettingDeletedOriginals(variants, changes);
    const blobs = deletingVariants(await createBlobStore(config.media), variants, changes);
    if (config.seedDemo) {
      const seed = await seedDemoOnce(database, { blobs });
      if (seed.seeded) logger.info({ listings: seed.listings }, 'demo listings seeded');
    }
    await refreshSearchStatistics(database.db);
    // One abuse limiter for identity and the marketplace: Redis with REDIS_URL (the database
    // counting while Redis does not answer), else the database.
    const limiter = await createAbuseLimiter({
      db: database.db,
      redisUrl: config.redisUrl,
      log: logger,
    });
    const mailer = createMailer(config.mail, logger);
    return {
      database,
      variants,
      changes,
      blobs,
      limiter,
      mailer,
      appSecret: loadAppSecret({ appSecret: config.appSecret, dataDir: config.dataDir }),
      close: async () => {
        await limiter.close();
        await changes.close();
        mailer.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
