import { createDatabaseLimiter } from '../../limits/index.ts';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { Database } from '../../db/client.ts';
import { createLocalBlobStore } from '../media/blob-store.ts';
import { DEFAULT_IMAGE_LIMITS } from '../media/process-image.ts';
import { createAlertsService } from './alerts/alerts-service.ts';
import { createContactService } from './contact/contact-service.ts';
import { createEnquiriesService } from './enquiries/enquiries-service.ts';
import { createMessagesService } from './messages/messages-service.ts';
import { createFavouritesService } from './favourites/favourites-service.ts';
import { createListingsService } from './listings/listings-service.ts';
import { createViewCounter } from './listings/view-counter.ts';
import { createSoldPricesService } from './sold-prices/sold-prices-service.ts';
import { createBroadbandService } from './broadband/broadband-service.ts';
import { createStationsService } from './stations/stations-service.ts';
import { createFloodRiskService } from './flood-risk/flood-risk-service.ts';
import { createSchoolsService } from './schools/schools-service.ts';
import { findEarlierListings, findEarlierListingsOfHome } from './home-history/earlier-listings.ts';
import type { MarketplaceDeps } from './marketplace-deps.ts';
import { createMediaService } from './listing-media/media-service.ts';
import { createAppealsService, createModerationService } from './moderation/moderation-service.ts';
import { createAdminUsersService } from './admin-users/admin-users-service.ts';
import { createAuditService } from './audit/audit-service.ts';
import { createCampaignsService } from './campaigns/campaigns-service.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import { DEFAULT_SUPPLIER, type SupplierDetails } from './payments/payments-config.ts';
import { createPaymentsService } from './payments/payments-service.ts';
import { createReportsService } from './reports/reports-service.ts';
import {
  createOfflineGeocoder,
  createPostcodesIoGeocoder,
  type Geocoder,
} from './search/geocoder.ts';
import { createSearchService } from './search/search-service.ts';
import { createViewingsService } from './viewings/viewings-service.ts';

/** server/main.ts passes the real dependencies; tests may leave out all but the database. */
export interface MarketplaceOptions extends Partial<Omit<MarketplaceDeps, 'db' | 'geocoder'>> {
  db: Database;
  geocoder?: { kind: 'offline' | 'postcodes.io'; url: string };
  /** Paid upgrades: the provider (none: payments are off) and the invoices' supplier. */
  payments?: { provider: PaymentProvider | undefined; supplier: SupplierDetails };
}

function createGeocoder({ db, geocoder }: MarketplaceOptions): Geocoder {
  const offline = createOfflineGeocoder(db);
  return geocoder?.kind === 'postcodes.io'
    ? createPostcodesIoGeocoder({ baseUrl: geocoder.url, fallback: offline })
    : offline;
}

function withDefaults(options: MarketplaceOptions): MarketplaceDeps {
  return {
    publicUrl: 'http://localhost:3000',
    logger: pino({ level: 'silent' }),
    mail: () => undefined,
    media: {
      blobs: createLocalBlobStore(path.join(os.tmpdir(), 'roost-media')),
      limits: DEFAULT_IMAGE_LIMITS,
      maxPhotos: 30,
    },
    secret: undefined,
    enquiryLimitPerHour: 10,
    messageLimitPerHour: 30,
    contact: { operatorEmail: 'hello@roost.example', limitPerHour: 5 },
    identityAdmin: () => undefined,
    limiter: createDatabaseLimiter(options.db),
    uploadsPerHour: 300,
    ...options,
    geocoder: createGeocoder(options),
  };
}

/**
 * The marketplace: one service per area, wired here once, for web loaders and actions
 * (`context.marketplace`), API handlers and jobs. Each use case stays a plain function of its
 * own file; a service only binds it to its dependencies and the verified user.
 */
export function createMarketplace(options: MarketplaceOptions) {
  const deps = withDefaults(options);
  const views = createViewCounter(deps);
  return {
    listings: createListingsService({ ...deps, views }),
    enquiries: createEnquiriesService(deps),
    messages: createMessagesService(deps),
    favourites: createFavouritesService(deps),
    reports: createReportsService(deps),
    media: createMediaService(deps),
    search: createSearchService(deps),
    soldPrices: createSoldPricesService(deps),
    broadband: createBroadbandService(deps),
    stations: createStationsService(deps),
    floodRisk: createFloodRiskService(deps),
    schools: createSchoolsService(deps),
    viewings: createViewingsService(deps),
    homeHistory: {
      /** Other times this listing's home was on Roost, purged listings included. */
      earlierListings: ({ listingId }: { listingId: number }) =>
        findEarlierListings(deps.db, listingId),
      /** The same from the home's (private) address, when the caller has read it. */
      earlierListingsOf: (home: { listingId: number; addressLine1: string; postcode: string }) =>
        findEarlierListingsOfHome(deps.db, home),
    },
    alerts: createAlertsService(deps),
    contact: createContactService(deps),
    moderation: createModerationService(deps),
    appeals: createAppealsService(deps),
    audit: createAuditService(deps),
    adminUsers: createAdminUsersService(deps),
    campaigns: createCampaignsService({
      ...deps,
      supplier: options.payments?.supplier ?? DEFAULT_SUPPLIER,
    }),
    payments: createPaymentsService({
      db: deps.db,
      provider: options.payments?.provider,
      supplier: options.payments?.supplier ?? DEFAULT_SUPPLIER,
      logger: deps.logger,
    }),
    /** Writes what is still held in memory (page views); on shutdown, before the database. */
    close: () => views.close(),
  };
}

export type Marketplace = ReturnType<typeof createMarketplace>;
