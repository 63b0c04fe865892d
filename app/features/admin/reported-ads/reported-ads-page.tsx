import type {
  ModerationRecord,
  ReportedListing,
} from '../../../../server/marketplace/moderation/list-reported-listings';
import { RecentDecisions } from './recent-decisions';
import { ReportedListingItem, type DecisionFailure } from './reported-listing';

interface ReportedAdsPageProps {
  reported: readonly ReportedListing[];
  decisions: readonly ModerationRecord[];
  /** The message after a decision, or the decision that failed (shown on its listing). */
  outcome: { message: string } | DecisionFailure | undefined;
  isBusy: boolean;
}

/** The moderation queue: open reports grouped by listing, oldest first, then the latest decisions. */
export function ReportedAdsPage({ reported, decisions, outcome, isBusy }: ReportedAdsPageProps) {
  const message = outcome && 'message' in outcome ? outcome.message : null;
  const failure = outcome && 'error' in outcome ? outcome : null;
  return (
    <section className="card admin-section" aria-labelledby="admin-section-title">
      <h2 id="admin-section-title">Reported ads</h2>
      <p>Listings that visitors have reported, oldest first.</p>
      {message ? (
        <div className="alert alert--success" role="status">
          <p>{message}</p>
        </div>
      ) : null}
      {reported.length === 0 ? (
        <p className="empty-state">Nothing needs your attention here right now.</p>
      ) : (
        <ol className="moderation-queue">
          {reported.map((entry) => (
            <ReportedListingItem
              key={entry.listingId}
              entry={entry}
              failure={failure?.listingId === entry.listingId ? failure : null}
              isBusy={isBusy}
            />
          ))}
        </ol>
      )}
      <RecentDecisions decisions={decisions} />
    </section>
  );
}
