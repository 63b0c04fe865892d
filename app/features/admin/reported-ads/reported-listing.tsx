import { Form, Link } from 'react-router';
import { formatDateTime, pluralise } from '@domain/format';
import { labelOf, LABELS } from '@domain/labels';
import { isPublicStatus } from '@domain/listing/enums';
import {
  MODERATION_DECISIONS,
  type ModerationDecision,
} from '@domain/moderation/moderation-decision';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { FieldGroup } from '~/components/ui/field-group';
import type { ReportedListing } from '../../../../server/marketplace/moderation/list-reported-listings';
import { ReportList } from './report-list';

/** A decision that failed its checks, with what was chosen and typed. */
export interface DecisionFailure {
  listingId: number;
  error: string;
  fields: Record<string, string>;
  values: { decision: string; reason: string };
}

/** Why the listing is in the queue besides its reports: a held repost, or a lister asking to go live. */
function QueueReason({ entry }: { entry: ReportedListing }) {
  if (entry.repostOf) {
    return (
      <div className="alert alert--warning" data-testid="repost-of">
        <p>
          <strong>Held as a possible repost</strong> of listing {entry.repostOf.listingId}
          {entry.repostOf.title ? <> “{entry.repostOf.title}”</> : null} (
          {entry.repostOf.status ? labelOf('status', entry.repostOf.status) : 'deleted since'}).
        </p>
        <p className="moderation-queue__details">{entry.repostOf.reason}</p>
        <p>
          Compare the two. Approve to put this one on Roost, or pause or remove it with your reason.
        </p>
      </div>
    );
  }
  if (!entry.isReviewRequested) return null;
  return (
    <p className="alert alert--info">
      Paused by a moderator; the lister has made changes and asks to go live again. Approve to put
      it back on Roost (the lister is told), or pause it again with a new reason.
    </p>
  );
}

function Appeal({ appeal }: { appeal: NonNullable<ReportedListing['appeal']> }) {
  return (
    <div className="alert alert--info" data-testid="moderation-appeal">
      <p>
        <strong>Appeal from the lister</strong> ·{' '}
        <time dateTime={appeal.createdAt}>{formatDateTime(appeal.createdAt)}</time>
      </p>
      <p className="moderation-queue__details">{appeal.statement}</p>
      <p>
        Uphold it to put the listing back on Roost, or pause or remove it with your reason. The
        lister is told either way; they cannot appeal this decision again.
      </p>
    </div>
  );
}

/** A dismissal puts an appealed or changed listing back on Roost, so it says so. */
function decisionLabel(entry: ReportedListing, decision: ModerationDecision): string {
  if (decision === 'dismiss' && entry.appeal) return 'Uphold the appeal and put it back on Roost';
  if (decision === 'dismiss' && entry.isReviewRequested) {
    return 'Approve the changes and put it back on Roost';
  }
  return LABELS.moderationDecision[decision];
}

interface DecisionFormProps {
  entry: ReportedListing;
  failure: DecisionFailure | null;
  isBusy: boolean;
}

function DecisionForm({ entry, failure, isBusy }: DecisionFormProps) {
  const prefix = `listing-${entry.listingId}`;
  return (
    <Form method="post" className="form moderation-queue__form">
      <input type="hidden" name="listingId" value={entry.listingId} />
      <FieldGroup idBase={`${prefix}-decision`} legend="Decision" error={failure?.fields.decision}>
        {MODERATION_DECISIONS.map((decision) => (
          <label key={decision} className="choice">
            <input
              type="radio"
              name="decision"
              value={decision}
              required
              defaultChecked={failure?.values.decision === decision}
            />{' '}
            {decisionLabel(entry, decision)}
          </label>
        ))}
      </FieldGroup>
      <Field
        id={`${prefix}-reason`}
        label="Reason"
        hint="E-mailed to the lister when you pause or remove the listing (at least 10 characters); optional when dismissing."
        error={failure?.fields.reason}
      >
        {(control) => (
          <textarea
            {...control}
            name="reason"
            maxLength={2000}
            defaultValue={failure?.values.reason ?? ''}
          />
        )}
      </Field>
      <Button type="submit" disabled={isBusy}>
        Record decision
      </Button>
    </Form>
  );
}

/** One listing in the moderation queue: what it is, why it is here, its reports and the decision. */
export function ReportedListingItem({ entry, failure, isBusy }: DecisionFormProps) {
  const prefix = `listing-${entry.listingId}`;
  const isPublic = isPublicStatus(entry.status) && !entry.isDeletedByLister;
  return (
    <li
      className="moderation-queue__item"
      data-testid="reported-listing"
      aria-labelledby={`${prefix}-title`}
    >
      <h3 id={`${prefix}-title`}>
        {isPublic ? <Link to={entry.path}>{entry.title}</Link> : entry.title}
      </h3>
      <p>
        Listing {entry.listingId}, {entry.town} ·{' '}
        <span className="badge badge--status">
          {entry.isDeletedByLister ? 'Deleted by the lister' : labelOf('status', entry.status)}
        </span>{' '}
        · {pluralise(entry.reporterCount, 'reporter')} · first reported{' '}
        {formatDateTime(entry.firstReportedAt)}
      </p>
      <QueueReason entry={entry} />
      {entry.appeal ? <Appeal appeal={entry.appeal} /> : null}
      <ReportList reports={entry.reports} />
      {failure ? (
        <div className="alert alert--error" role="alert" id={`${prefix}-error`}>
          <p>{failure.error}</p>
        </div>
      ) : null}
      <DecisionForm entry={entry} failure={failure} isBusy={isBusy} />
    </li>
  );
}
