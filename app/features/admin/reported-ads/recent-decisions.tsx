import { formatDateTime, pluralise } from '@domain/format';
import { labelOf } from '@domain/labels';
import { DataTable, type Column } from '~/components/data-table';
import type { ModerationRecord } from '../../../../server/marketplace/moderation/list-reported-listings';

const DECISION_COLUMNS: readonly Column<ModerationRecord>[] = [
  {
    header: 'When',
    cell: (decision) => (
      <time dateTime={decision.createdAt}>{formatDateTime(decision.createdAt)}</time>
    ),
  },
  { header: 'Listing', cell: (decision) => `${decision.title} (${decision.listingId})` },
  {
    header: 'Outcome',
    cell: (decision) =>
      `${labelOf('moderationOutcome', decision.outcome)} (${pluralise(decision.reportsClosed, 'report')}${
        decision.isListerEmailed ? ', lister e-mailed' : ''
      })`,
  },
  { header: 'By', cell: (decision) => decision.adminEmail ?? 'Unknown' },
  {
    header: 'Reason',
    cell: (decision) => decision.reason || '—',
    className: 'moderation-log__reason',
  },
];

/** The latest moderation decisions, newest first, with who made them and why. */
export function RecentDecisions({ decisions }: { decisions: readonly ModerationRecord[] }) {
  return (
    <>
      <h3 id="recent-decisions">Recent decisions</h3>
      {decisions.length === 0 ? (
        <p>No decisions yet.</p>
      ) : (
        <DataTable
          rows={decisions}
          rowKey={(decision) => decision.id}
          className="moderation-log"
          labelledBy="recent-decisions"
          rowTestId="moderation-decision"
          columns={DECISION_COLUMNS}
        />
      )}
    </>
  );
}
