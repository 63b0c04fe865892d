import type { Database } from '../../db/client.ts';
import { findListings, findRecentListings } from './listings/find-listings.ts';
import { getListing } from './listings/get-listing.ts';
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
    },
  };
}

export type Marketplace = ReturnType<typeof createMarketplace>;
