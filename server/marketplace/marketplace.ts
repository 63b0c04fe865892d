import type { Database } from '../../db/client.ts';
import { findRecentListings } from './listings/find-listings.ts';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { createLocalBlobStore } from '../media/blob-store.ts';
import { DEFAULT_IMAGE_LIMITS } from '../media/process-image.ts';
import { getListing, isListingOwner, recordListingView } from './listings/get-listing.ts';
import { createListingService, type ListingServiceOptions } from './listings/listings-service.ts';
import {
  createListingCentroidGeocoder,
  createPostcodesIoGeocoder,
  type Geocoder,
} from './search/geocoder.ts';
import {
  deleteSavedSearch,
  hideListing,
  listHiddenListingIds,
  listSavedSearches,
  saveSearch,
  unhideListing,
  unsubscribeSavedSearch,
} from './alerts/saved-searches.ts';
import { readUnsubscribeToken } from './alerts/unsubscribe-token.ts';
import { suggestPlaces } from './search/resolve-location.ts';
import { findSummariesByIds } from './search/find-summaries.ts';
import { runMapSearch, runSearch } from './search/run-search.ts';
import type { SessionUser } from '../../domain/session-user.ts';
import type { SendEmail } from './enquiries/submit-enquiry.ts';
import {
  listModerationActions,
  listReportedListings,
} from './moderation/list-reported-listings.ts';
import { moderateListing } from './moderation/moderate-listing.ts';

export interface MarketplaceOptions {
  db: Database;
  geocoder?: { kind: 'offline' | 'postcodes.io'; url: string };
  /** Signs alert unsubscribe links (see server/app-secret.ts). */
  secret?: Buffer;
  /** Media store, mail and limits for listings; tests may leave them out. */
  listings?: Partial<Omit<ListingServiceOptions, 'db' | 'geocoder'>>;
  /** How moderation e-mails reach listers (looked up on each message); tests may leave it out. */
  moderation?: { send: () => SendEmail | undefined };
}

function createGeocoder({ db, geocoder }: MarketplaceOptions): Geocoder {
  const offline = createListingCentroidGeocoder(db);
  return geocoder?.kind === 'postcodes.io'
    ? createPostcodesIoGeocoder({ baseUrl: geocoder.url, fallback: offline })
    : offline;
}

/**
 * The marketplace's use cases bound to one database: what web loaders and API handlers call.
 * Each use case stays a plain function of its own file; this only wires the dependencies.
 */
export function createMarketplace(options: MarketplaceOptions) {
  const { db } = options;
  const geocoder = createGeocoder(options);
  const listingOptions = {
    publicUrl: 'http://localhost:3000',
    logger: pino({ level: 'silent' }),
    ...options.listings,
  };
  return {
    search: {
      run: (input: Parameters<typeof runSearch>[2]) => runSearch(db, geocoder, input),
      mapPoints: (input: Parameters<typeof runMapSearch>[2]) => runMapSearch(db, geocoder, input),
      cards: (ids: number[]) => findSummariesByIds(db, ids),
      suggestPlaces: (text: string) => suggestPlaces(db, text),
    },
    alerts: {
      save: (owner: Parameters<typeof saveSearch>[1], input: Parameters<typeof saveSearch>[2]) =>
        saveSearch(db, owner, input),
      list: (ownerSub: string) => listSavedSearches(db, ownerSub),
      delete: (ownerSub: string, id: number) => deleteSavedSearch(db, ownerSub, id),
      /** The saved search's name when the token is genuine, else undefined. */
      unsubscribe: async (token: string) => {
        const id = options.secret ? readUnsubscribeToken(options.secret, token) : undefined;
        return id === undefined ? undefined : unsubscribeSavedSearch(db, id);
      },
      isUnsubscribeTokenValid: (token: string) =>
        options.secret !== undefined && readUnsubscribeToken(options.secret, token) !== undefined,
      hide: (ownerSub: string, listingId: number) => hideListing(db, ownerSub, listingId),
      unhide: (ownerSub: string, listingId: number) => unhideListing(db, ownerSub, listingId),
      hidden: (ownerSub: string) => listHiddenListingIds(db, ownerSub),
    },
    listings: {
      findRecent: (options?: Parameters<typeof findRecentListings>[1]) =>
        findRecentListings(db, options),
      get: (id: number) => getListing(db, id),
      recordView: (id: number) => recordListingView(db, id),
      isOwner: (id: number, userSub: string | undefined) => isListingOwner(db, id, userSub),
    },
    /** Administrators only: every use case checks the role itself (403 otherwise). */
    moderation: {
      reportedListings: (admin: SessionUser | null) => listReportedListings(db, admin),
      recentDecisions: (admin: SessionUser | null) => listModerationActions(db, admin),
      decide: (admin: SessionUser | null, listingId: number, input: unknown) =>
        moderateListing(
          db,
          {
            send: options.moderation?.send(),
            publicUrl: listingOptions.publicUrl,
            logger: listingOptions.logger,
          },
          { admin, listingId, input },
        ),
    },
    listingService: createListingService({
      db,
      geocoder,
      media: {
        blobs: createLocalBlobStore(path.join(os.tmpdir(), 'roost-media')),
        limits: DEFAULT_IMAGE_LIMITS,
        maxPhotos: 30,
      },
      publicUrl: 'http://localhost:3000',
      enquiryLimitPerHour: 10,
      send: () => undefined,
      logger: pino({ level: 'silent' }),
      ...options.listings,
    }),
  };
}

export type Marketplace = ReturnType<typeof createMarketplace>;
