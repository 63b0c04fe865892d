import type { MarketplaceDeps, SentAboutListing } from '../marketplace-deps.ts';
import { reportListing } from './report-listing.ts';

/** 'Report this listing', signed in or not; moderators read the reports (moderation service). */
export function createReportsService({ db }: Pick<MarketplaceDeps, 'db'>) {
  return {
    submit: ({ user, listingId, input, ip }: SentAboutListing) =>
      reportListing(db, {
        listingId,
        input,
        reporterIp: ip,
        reporterSub: user?.userId,
        reporterEmail: user?.email,
      }),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
