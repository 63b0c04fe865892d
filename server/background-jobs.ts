import type { Database } from '../db/client.ts';
import type { Config } from './config.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import type { Logger } from './logger.ts';
import type { Mailer, Message } from './mail/mailer.ts';
import { createAccountErasureJob } from './marketplace/admin-users/account-erasure-job.ts';
import { createSearchAlertsJob } from './marketplace/alerts/send-search-alerts.ts';
import { createFavouriteAlertsJob } from './marketplace/favourites/send-favourite-alerts.ts';
import { createLiveLetsCheckJob } from './marketplace/listings/check-live-lets.ts';
import { createAnonymousDraftExpiryJob } from './marketplace/listings/expire-anonymous-drafts.ts';
import { createListingFreshnessJob } from './marketplace/listings/keep-listings-fresh.ts';
import type { Marketplace } from './marketplace/marketplace.ts';
import { createPaymentsJobs } from './marketplace/payments/payments-jobs.ts';
import { createSearchStatisticsJob } from './marketplace/search/refresh-search-statistics.ts';
import type { BlobStore } from './media/blob-store.ts';
import { createPhotoVariantsJob } from './media/photo-variants-job.ts';
import { createViewingRemindersJob } from './marketplace/viewings/viewing-reminders.ts';
import type { VariantCache } from './media/variant-cache.ts';

type Email = Omit<Extract<Message, { channel: 'email' }>, 'channel' | 'tag'>;

export interface BackgroundJobParts {
  config: Config;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  marketplace: Marketplace;
  blobs: BlobStore;
  variants: VariantCache;
  secret: Buffer;
  /** The address the site answers at (links in e-mails), known once listening. */
  publicUrl: () => string;
}

/** Durable background work, stored in the database: search alerts, saved-home alerts, receipts, freshness, …. */
export function createBackgroundJobs(parts: BackgroundJobParts): ReturnType<typeof createJobQueue> {
  const { config, db, mailer, marketplace, blobs, publicUrl } = parts;
  const mail = (tag: string) => () => (email: Email) =>
    mailer.send({ channel: 'email', tag, ...email });
  return createJobQueue({
    db,
    logger: parts.logger,
    pollMs: config.jobs.pollMs,
    definitions: [
      createSearchStatisticsJob(db),
      createSearchAlertsJob({
        db,
        search: marketplace.search.run,
        send: mailer.send,
        publicUrl,
        secret: parts.secret,
        everyMs: config.jobs.alertIntervalMs,
      }),
      createFavouriteAlertsJob({
        db,
        send: mailer.send,
        publicUrl,
        secret: parts.secret,
        everyMs: config.jobs.alertIntervalMs,
      }),
      createPhotoVariantsJob({ blobs, variants: parts.variants }),
      createAnonymousDraftExpiryJob({
        db,
        blobs,
        keepDays: config.media.anonymousDrafts.keepDays,
      }),
      ...createPaymentsJobs({ db, send: mail('payment-receipt'), publicUrl }),
      createAccountErasureJob(marketplace.adminUsers),
      marketplace.campaigns.sendJob(),
      createListingFreshnessJob({
        db,
        send: mail('listing-freshness'),
        publicUrl,
        secret: parts.secret,
      }),
      createViewingRemindersJob({ db, send: mail('viewing'), publicUrl, logger: parts.logger }),
      createLiveLetsCheckJob({
        db,
        send: mail('listing-let-rules'),
        publicUrl,
        settings: { prsDatabaseRequiredFrom: config.prsDatabaseRequiredFrom },
      }),
    ],
  });
}
