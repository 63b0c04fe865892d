import { formatDateTime } from '@domain/format';
import { LABELS } from '@domain/labels';
import type {
  OpenReport,
  ReportedMessage,
} from '../../../../server/marketplace/moderation/list-reported-listings';

/** A reported message, with the conversation it came from folded away. */
function ReportedMessageQuote({ message }: { message: ReportedMessage }) {
  return (
    <div className="moderation-queue__message" data-testid="reported-message">
      <p>Reported message from the {message.senderRole === 'lister' ? 'lister' : 'enquirer'}:</p>
      <blockquote className="moderation-queue__details">{message.body}</blockquote>
      <details>
        <summary>The conversation ({message.conversation.length} messages)</summary>
        <ol>
          {message.conversation.map((line) => (
            <li key={line.id}>
              <strong>{line.senderRole === 'lister' ? 'Lister' : 'Enquirer'}</strong> ·{' '}
              <time dateTime={line.createdAt}>{formatDateTime(line.createdAt)}</time>
              <p className="moderation-queue__details">{line.body}</p>
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}

/** A listing's open reports: reason, who flagged it, when, details and any reported message. */
export function ReportList({ reports }: { reports: readonly OpenReport[] }) {
  return (
    <ul className="moderation-queue__reports">
      {reports.map((report) => (
        <li key={report.id}>
          <strong>{LABELS.reportReason[report.reason]}</strong>{' '}
          {report.isFlaggedByRoost ? (
            <span className="badge" data-testid="flagged-by-roost">
              Flagged by Roost, not by a person
            </span>
          ) : null}{' '}
          · <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
          {report.details ? <p className="moderation-queue__details">{report.details}</p> : null}
          {report.message ? <ReportedMessageQuote message={report.message} /> : null}
        </li>
      ))}
    </ul>
  );
}
