import type { Database } from '../../db/client.ts';
import { findListings, findRecentListings } from './listings/find-listings.ts';
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
import { suggestPlaces } from './search/resolve-location.ts';
import { runSearch } from './search/run-search.ts';

export interface MarketplaceOptions {
  db: Database;
  geocoder?: { kind: 'offline' | 'postcodes.io'; url: string };
  /** Media store, mail and limits for listings; tests may leave them out. */
  listings?: Partial<Omit<ListingServiceOptions, 'db' | 'geocoder'>>;
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
  return {
    search: {
      run: (input: Parameters<typeof runSearch>[2]) => runSearch(db, geocoder, input),
      suggestPlaces: (text: string) => suggestPlaces(db, text),
    },
    listings: {
      find: (options: Parameters<typeof findListings>[1]) => findListings(db, options),
      findRecent: (options?: Parameters<typeof findRecentListings>[1]) =>
        findRecentListings(db, options),
      get: (id: number) => getListing(db, id),
      recordView: (id: number) => recordListingView(db, id),
      isOwner: (id: number, userSub: string | undefined) => isListingOwner(db, id, userSub),
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
