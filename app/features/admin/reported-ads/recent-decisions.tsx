import { formatDateTime, pluralise } from '@domain/format';
import { labelOf } from '@domain/labels';
import type { ModerationRecord } from '../../../../server/marketplace/moderation/list-reported-listings';

/** The latest moderation decisions, newest first, with who made them and why. */
export function RecentDecisions({ decisions }: { decisions: readonly ModerationRecord[] }) {
  return (
    <>
      <h3 id="recent-decisions">Recent decisions</h3>
      {decisions.length === 0 ? (
        <p>No decisions yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="moderation-log" aria-labelledby="recent-decisions">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Listing</th>
                <th scope="col">Outcome</th>
                <th scope="col">By</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {decisions.map((decision) => (
                <tr key={decision.id} data-testid="moderation-decision">
                  <td>
                    <time dateTime={decision.createdAt}>{formatDateTime(decision.createdAt)}</time>
                  </td>
                  <td>
                    {decision.title} ({decision.listingId})
                  </td>
                  <td>
                    {labelOf('moderationOutcome', decision.outcome)} (
                    {pluralise(decision.reportsClosed, 'report')}
                    {decision.isListerEmailed ? ', lister e-mailed' : ''})
                  </td>
                  <td>{decision.adminEmail ?? 'Unknown'}</td>
                  <td className="moderation-log__reason">{decision.reason || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
