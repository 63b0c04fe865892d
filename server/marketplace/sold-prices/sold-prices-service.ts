import type { MarketplaceDeps, OfListing } from '../marketplace-deps.ts';
import { findSoldPricesAroundListing, findStreetSoldPrices } from './find-sold-prices.ts';

/** Sold prices: public reads of the imported Price Paid Data (and the demo's made-up sales). */
export function createSoldPricesService({ db }: Pick<MarketplaceDeps, 'db'>) {
  return {
    aroundListing: ({ listingId }: OfListing) => findSoldPricesAroundListing(db, listingId),
    onStreet: ({ district, street }: { district: string; street: string }) =>
      findStreetSoldPrices(db, district, street),
  };
}
