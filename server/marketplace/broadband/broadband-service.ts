import type { MarketplaceDeps, OfListing } from '../marketplace-deps.ts';
import { findBroadbandForListing, findBroadbandForPostcode } from './find-broadband.ts';

/** Broadband: public reads of Ofcom's postcode coverage (and the demo's made-up figures). */
export function createBroadbandService({ db }: Pick<MarketplaceDeps, 'db'>) {
  return {
    forListing: ({ listingId }: OfListing) => findBroadbandForListing(db, listingId),
    forPostcode: ({ postcode }: { postcode: string }) => findBroadbandForPostcode(db, postcode),
  };
}
