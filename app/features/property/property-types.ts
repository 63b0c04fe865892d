import type { ListingDetail } from '../../../server/marketplace/listings/get-listing';

/** A listing as the property page shows it. */
export type PropertyListing = ListingDetail;

/** What the property page's action answers to its enquiry and report forms. */
export type PropertyFormResult =
  | { intent: string; status: 'sent' }
  | {
      intent: string;
      status: 'error';
      error: string;
      fields: Record<string, string>;
      values: Record<string, string>;
    }
  | undefined;

/** The page's address: the canonical path on this site's origin. */
export interface PropertyPlace {
  listing: PropertyListing;
  canonical: string;
  origin: string;
}
