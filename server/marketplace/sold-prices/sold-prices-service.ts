import type { MarketplaceDeps, OfListing } from '../marketplace-deps.ts';
import {
  findSoldPricesAroundHome,
  findSoldPricesAroundListing,
  findStreetSoldPrices,
  type HomeAddress,
} from './find-sold-prices.ts';

/** Sold prices: public reads of the imported Price Paid Data (and the demo's made-up sales). */
export function createSoldPricesService({ db }: Pick<MarketplaceDeps, 'db'>) {
  return {
    aroundListing: ({ listingId }: OfListing) => findSoldPricesAroundListing(db, listingId),
    /** The same by the home's address, when the caller has read it (never shown). */
    aroundHome: (home: HomeAddress) => findSoldPricesAroundHome(db, home),
    onStreet: ({ district, street }: { district: string; street: string }) =>
      findStreetSoldPrices(db, district, street),
  };
}
