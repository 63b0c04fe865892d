import type { Database } from '../../db/client.ts';
import { findListings, findRecentListings } from './listings/find-listings.ts';
import { getListing } from './listings/get-listing.ts';

/**
 * The marketplace's use cases bound to one database: what web loaders and API handlers call.
 * Each use case stays a plain function of its own file; this only wires the dependencies.
 */
export function createMarketplace({ db }: { db: Database }) {
  return {
    listings: {
      find: (options: Parameters<typeof findListings>[1]) => findListings(db, options),
      findRecent: (options?: Parameters<typeof findRecentListings>[1]) =>
        findRecentListings(db, options),
      get: (id: number) => getListing(db, id),
    },
  };
}

export type Marketplace = ReturnType<typeof createMarketplace>;
