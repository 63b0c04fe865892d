import type { MarketplaceDeps, OfListing } from '../marketplace-deps.ts';
import { findSchoolsNearHome, findSchoolsNearListing } from './find-schools-nearby.ts';

/** Schools: public reads of the imported register (and the demo's made-up schools). */
export function createSchoolsService({ db }: Pick<MarketplaceDeps, 'db'>) {
  return {
    nearListing: ({ listingId }: OfListing) => findSchoolsNearListing(db, listingId),
    /** The same from the home's exact location, when the caller has read it (never shown). */
    nearHome: (home: { lat: number; lng: number }) => findSchoolsNearHome(db, home),
  };
}
