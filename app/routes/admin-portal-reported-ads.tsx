import { Form, Link, useNavigation } from 'react-router';
import { labelOf, LABELS } from '@domain/labels';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { FieldGroup } from '~/components/ui/field-group';
import { isPublicStatus } from '@domain/listing/enums';
import { MODERATION_DECISIONS } from '@domain/moderation/moderation-decision';
import { formatDateTime, pluralise } from '@domain/format';
import { requireAdmin } from '../../server/auth/guards';
import { formFailure } from '../../server/http/route-errors';
import listingStyles from '~/styles/listings.css?url';
import type { Route } from './+types/admin-portal-reported-ads';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: listingStyles }];

export function meta() {
  return [{ title: 'Reported ads – Admin portal | Roost' }, { name: 'robots', content: 'noindex' }];
}

/**
 * The moderation queue, rendered on the server: open reports grouped by listing (oldest
 * first) and the latest decisions. The parent route already answers 403 to non-admins; this
 * loader and the action check again, and so does every moderation use case.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context.user);
  const [reported, decisions] = await Promise.all([
    context.marketplace.moderation.reportedListings({ user: admin }),
    context.marketplace.moderation.recentDecisions({ user: admin }),
  ]);
  return { reported, decisions };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context.user);
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const listingId = Number(form.listingId);
  try {
    const result = await context.marketplace.moderation.decide({
      user: admin,
      listingId,
      input: { decision: form.decision, reason: form.reason ?? '' },
    });
    const emailed =
      (result.isListerEmailed ? ' The lister has been e-mailed.' : '') +
      (result.reportersTold > 0
        ? ` ${pluralise(result.reportersTold, 'reporter')} told the outcome.`
        : '');
    return {
      listingId,
      message: `${result.isRelisted ? 'Listing back on Roost' : LABELS.moderationOutcome[result.outcome]}; ${pluralise(result.reportsClosed, 'report')} closed.${emailed}`,
    };
  } catch (error) {
    return formFailure(error, {
      listingId,
      values: { decision: form.decision ?? '', reason: form.reason ?? '' },
    });
  }
}

export default function ReportedAds({ loaderData, actionData }: Route.ComponentProps) {
  const { reported, decisions } = loaderData;
  const navigation = useNavigation();
  const isBusy = navigation.state === 'submitting';
  const outcome = actionData && 'message' in actionData ? actionData : null;
  return (
    <section className="card admin-section" aria-labelledby="admin-section-title">
      <h2 id="admin-section-title">Reported ads</h2>
      <p>Listings that visitors have reported, oldest first.</p>
      {outcome ? (
        <div className="alert alert--success" role="status">
          <p>{outcome.message}</p>
        </div>
      ) : null}
      {reported.length === 0 ? (
        <p className="empty-state">Nothing needs your attention here right now.</p>
      ) : (
        <ol className="moderation-queue">
          {reported.map((entry) => {
            const failure =
              actionData && 'error' in actionData && actionData.listingId === entry.listingId
                ? actionData
                : null;
            const prefix = `listing-${entry.listingId}`;
            const isPublic = isPublicStatus(entry.status) && !entry.isDeletedByLister;
            return (
              <li
                key={entry.listingId}
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
                    {entry.isDeletedByLister
                      ? 'Deleted by the lister'
                      : labelOf('status', entry.status)}
                  </span>{' '}
                  · {pluralise(entry.reporterCount, 'reporter')} · first reported{' '}
                  {formatDateTime(entry.firstReportedAt)}
                </p>
                {entry.repostOf ? (
                  <div className="alert alert--warning" data-testid="repost-of">
                    <p>
                      <strong>Held as a possible repost</strong> of listing{' '}
                      {entry.repostOf.listingId}
                      {entry.repostOf.title ? <> “{entry.repostOf.title}”</> : null} (
                      {entry.repostOf.status
                        ? labelOf('status', entry.repostOf.status)
                        : 'deleted since'}
                      ).
                    </p>
                    <p className="moderation-queue__details">{entry.repostOf.reason}</p>
                    <p>
                      Compare the two. Approve to put this one on Roost, or pause or remove it with
                      your reason.
                    </p>
                  </div>
                ) : entry.isReviewRequested ? (
                  <p className="alert alert--info">
                    Paused by a moderator; the lister has made changes and asks to go live again.
                    Approve to put it back on Roost (the lister is told), or pause it again with a
                    new reason.
                  </p>
                ) : null}
                {entry.appeal ? (
                  <div className="alert alert--info" data-testid="moderation-appeal">
                    <p>
                      <strong>Appeal from the lister</strong> ·{' '}
                      <time dateTime={entry.appeal.createdAt}>
                        {formatDateTime(entry.appeal.createdAt)}
                      </time>
                    </p>
                    <p className="moderation-queue__details">{entry.appeal.statement}</p>
                    <p>
                      Uphold it to put the listing back on Roost, or pause or remove it with your
                      reason. The lister is told either way; they cannot appeal this decision again.
                    </p>
                  </div>
                ) : null}
                <ul className="moderation-queue__reports">
                  {entry.reports.map((report) => (
                    <li key={report.id}>
                      <strong>{LABELS.reportReason[report.reason]}</strong>{' '}
                      {report.isFlaggedByRoost ? (
                        <span className="badge" data-testid="flagged-by-roost">
                          Flagged by Roost, not by a person
                        </span>
                      ) : null}{' '}
                      · <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
                      {report.details ? (
                        <p className="moderation-queue__details">{report.details}</p>
                      ) : null}
                      {report.message ? (
                        <div className="moderation-queue__message" data-testid="reported-message">
                          <p>
                            Reported message from the{' '}
                            {report.message.senderRole === 'lister' ? 'lister' : 'enquirer'}:
                          </p>
                          <blockquote className="moderation-queue__details">
                            {report.message.body}
                          </blockquote>
                          <details>
                            <summary>
                              The conversation ({report.message.conversation.length} messages)
                            </summary>
                            <ol>
                              {report.message.conversation.map((line) => (
                                <li key={line.id}>
                                  <strong>
                                    {line.senderRole === 'lister' ? 'Lister' : 'Enquirer'}
                                  </strong>{' '}
                                  ·{' '}
                                  <time dateTime={line.createdAt}>
                                    {formatDateTime(line.createdAt)}
                                  </time>
                                  <p className="moderation-queue__details">{line.body}</p>
                                </li>
                              ))}
                            </ol>
                          </details>
                        </div>
                      ) : null}
                    </li>
                  ))}
                </ul>
                {failure ? (
                  <div className="alert alert--error" role="alert" id={`${prefix}-error`}>
                    <p>{failure.error}</p>
                  </div>
                ) : null}
                <Form method="post" className="form moderation-queue__form">
                  <input type="hidden" name="listingId" value={entry.listingId} />
                  <FieldGroup
                    idBase={`${prefix}-decision`}
                    legend="Decision"
                    error={failure?.fields.decision}
                  >
                    {MODERATION_DECISIONS.map((decision) => (
                      <label key={decision} className="choice">
                        <input
                          type="radio"
                          name="decision"
                          value={decision}
                          required
                          defaultChecked={failure?.values.decision === decision}
                        />{' '}
                        {entry.appeal && decision === 'dismiss'
                          ? 'Uphold the appeal and put it back on Roost'
                          : entry.isReviewRequested && decision === 'dismiss'
                            ? 'Approve the changes and put it back on Roost'
                            : LABELS.moderationDecision[decision]}
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
              </li>
            );
          })}
        </ol>
      )}
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
    </section>
  );
}
