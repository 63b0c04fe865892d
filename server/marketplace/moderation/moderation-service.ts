import type { MarketplaceDeps, OfListing, SignedIn, Visitor } from '../marketplace-deps.ts';
import { listModerationActions, listReportedListings } from './list-reported-listings.ts';
import { moderateListing } from './moderate-listing.ts';
import { appealModeration } from './appeal-moderation.ts';

/** Administrators only: every use case checks the role itself from `user` (403 otherwise). */
export function createModerationService(
  deps: Pick<MarketplaceDeps, 'db' | 'publicUrl' | 'logger' | 'mail'>,
) {
  const { db } = deps;
  return {
    reportedListings: ({ user }: Visitor) => listReportedListings(db, user),
    recentDecisions: ({ user }: Visitor) => listModerationActions(db, user),
    /** Dismiss a listing's reports, or pause or remove it, e-mailing the lister why. */
    decide: ({ user, listingId, input }: Visitor & OfListing & { input: unknown }) =>
      moderateListing(
        db,
        {
          send: deps.mail('listing-moderation'),
          sendToReporter: deps.mail('report-outcome'),
          publicUrl: deps.publicUrl,
          logger: deps.logger,
        },
        { admin: user, listingId, input },
      ),
  };
}

/** Listers appeal a moderation decision on their own listing (once per decision). */
export function createAppealsService(deps: Pick<MarketplaceDeps, 'db'>) {
  return {
    submit: ({ user, listingId, input }: SignedIn & OfListing & { input: unknown }) =>
      appealModeration(deps.db, { user, listingId, input }),
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
