import { Form, Link, useNavigation } from 'react-router';
import { formatViewingTime } from '@domain/enquiry/viewing-times';
import { formatCount, formatDateTime, formatPrice } from '@domain/format';
import { LABELS } from '@domain/labels';
import { listingTitleOf } from '@domain/listing/visibility';
import { MESSAGE_MAX_LENGTH } from '@domain/messages/message-schema';
import { MESSAGE_REPORT_REASONS } from '@domain/report/report-schema';
import { requireUser } from '../../server/auth/guards';
import { dispatchIntent, formText, formValues } from '../../server/http/form-submission';
import { failureAsPage, formFailure } from '../../server/http/route-errors';
import { ScamWarnings } from '~/features/messages/scam-warnings';
import type { Route } from './+types/my-account-message-thread';
import { Field } from '~/components/ui/field';
import { SelectField } from '~/components/ui/select-field';

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [
    { title: `${listingTitleOf(loaderData?.thread.listing) ?? 'Conversation'} – messages | Roost` },
    { name: 'robots', content: 'noindex' },
  ];
}

/** One conversation, for its two participants only (anyone else: 404); viewing marks it read. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = requireUser(context.user, request);
  const thread = await context.marketplace.messages
    .read({ user, threadId: Number(params.threadId) })
    .catch(failureAsPage);
  return { thread };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requireUser(context.user, request);
  const threadId = Number(params.threadId);
  const form = await request.formData();
  const messageId = Number(formText(form, 'messageId'));
  const { messages } = context.marketplace;
  try {
    return await dispatchIntent<{ intent: 'send' | 'report'; messageId?: number; message: string }>(
      form,
      {
        send: async () => {
          await messages.send({ user, threadId, input: { body: formText(form, 'body') } });
          return { intent: 'send', message: 'Message sent.' };
        },
        report: async () => {
          const { reason, details = '' } = formValues(form);
          await messages.report({ user, messageId, input: { reason, details } });
          return {
            intent: 'report',
            messageId,
            message: 'Thank you: our moderators will look at this message.',
          };
        },
      },
    );
  } catch (error) {
    return formFailure(
      error,
      {
        intent: formText(form, 'intent') === 'report' ? ('report' as const) : ('send' as const),
        messageId,
        values: {
          body: formText(form, 'body'),
          reason: formText(form, 'reason'),
          details: formText(form, 'details'),
        },
      },
      { asPage: ['NOT_FOUND'] },
    );
  }
}

// size: markup: the listing, viewing times, each message and the reply form
export default function MessageThread({ loaderData, actionData }: Route.ComponentProps) {
  const { thread } = loaderData;
  const navigation = useNavigation();
  const isBusy = navigation.state === 'submitting';
  const sendFailure =
    actionData && 'error' in actionData && actionData.intent === 'send' ? actionData : undefined;
  return (
    <article className="page narrow messages">
      <p className="breadcrumbs">
        <Link to="/my-account">My account</Link> › <Link to="/my-account/messages">Messages</Link> ›
        Conversation
      </p>
      <h1>{listingTitleOf(thread.listing)}</h1>
      <p>
        {thread.listing.isAdvertised ? (
          <>
            <strong>{formatPrice(thread.listing)}</strong> ·{' '}
          </>
        ) : null}
        {thread.role === 'lister' ? 'Enquiry from ' : 'With the lister, '}
        <span data-testid="other-party">{thread.otherName}</span>
        {thread.listing.isAdvertised && thread.listing.path ? (
          <>
            {' '}
            · <Link to={thread.listing.path}>View listing</Link>
            {thread.role === 'lister' ? null : (
              <>
                {' '}
                ·{' '}
                <Link to={`${thread.listing.path.split('/').slice(0, 3).join('/')}/book-viewing`}>
                  Book a viewing
                </Link>
              </>
            )}
          </>
        ) : null}
      </p>
      {thread.viewingTimes.length ? (
        <>
          <p>Preferred viewing times:</p>
          <ul>
            {thread.viewingTimes.map((slot) => (
              <li key={`${slot.date}-${slot.period}`}>{formatViewingTime(slot)}</li>
            ))}
          </ul>
        </>
      ) : null}
      {thread.haveBothReplied ? null : (
        <p className="hint">
          For your safety, phone numbers, e-mail addresses, links and other contact details are
          hidden from both of you until you have both replied.
        </p>
      )}
      <ol className="conversation" aria-label="Messages">
        {thread.messages.map((message) => {
          const reportResult =
            actionData && actionData.intent === 'report' && actionData.messageId === message.id
              ? actionData
              : undefined;
          return (
            <li
              key={message.id}
              className={
                message.isMine
                  ? 'conversation__message conversation__message--mine'
                  : 'conversation__message'
              }
              data-testid="message"
            >
              <p className="conversation__meta">
                <strong>{message.senderName}</strong> ·{' '}
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              </p>
              <ScamWarnings warnings={message.warnings} about="message" />
              <p className="conversation__text">{message.text}</p>
              {message.note ? (
                <p className="hint" data-testid="masking-note">
                  {message.note}
                </p>
              ) : null}
              {message.isMine ? null : reportResult && !('error' in reportResult) ? (
                <p className="alert alert--success" role="status">
                  {reportResult.message}
                </p>
              ) : (
                <ReportMessage messageId={message.id} result={reportResult} isBusy={isBusy} />
              )}
            </li>
          );
        })}
      </ol>
      <Form method="post" className="form conversation__reply" key={thread.messages.length}>
        <input type="hidden" name="intent" value="send" />
        {actionData && actionData.intent === 'send' && !('error' in actionData) ? (
          <p className="alert alert--success" role="status">
            {actionData.message}
          </p>
        ) : null}
        {sendFailure && !sendFailure.fields.body ? (
          <p className="alert alert--error" role="alert">
            {sendFailure.error}
          </p>
        ) : null}
        <Field
          id="reply-body"
          label={`Reply to ${thread.otherName}`}
          hint={
            thread.role === 'lister' && !thread.canEnquirerReply
              ? 'They enquired without an account, so your reply is e-mailed to them.'
              : `Up to ${formatCount(MESSAGE_MAX_LENGTH)} characters.`
          }
          error={sendFailure?.fields.body}
        >
          {(control) => (
            <textarea
              {...control}
              name="body"
              rows={5}
              maxLength={MESSAGE_MAX_LENGTH}
              defaultValue={sendFailure?.values.body ?? ''}
            />
          )}
        </Field>
        <button type="submit" className="button" disabled={isBusy}>
          Send message
        </button>
      </Form>
    </article>
  );
}

/** 'Report this message': open again, with its error, after a report that failed. */
function ReportMessage({
  messageId,
  result,
  isBusy,
}: {
  messageId: number;
  result: Route.ComponentProps['actionData'];
  isBusy: boolean;
}) {
  return (
    <details className="conversation__report" open={Boolean(result)}>
      <summary>Report this message</summary>
      <Form method="post" className="form">
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="messageId" value={messageId} />
        {result && 'error' in result ? (
          <p className="alert alert--error" role="alert">
            {result.error}
          </p>
        ) : null}
        <SelectField
          id={`report-reason-${messageId}`}
          label="Reason"
          name="reason"
          defaultValue={result && 'values' in result ? result.values.reason : ''}
          error={result && 'fields' in result ? result.fields.reason : undefined}
          options={[
            ['', 'Choose a reason'] as const,
            ...MESSAGE_REPORT_REASONS.map(
              (reason) => [reason, LABELS.reportReason[reason]] as const,
            ),
          ]}
        />
        <Field
          id={`report-details-${messageId}`}
          label="Note for our moderators (optional)"
          error={result && 'fields' in result ? result.fields.details : undefined}
        >
          {(control) => (
            <textarea
              {...control}
              name="details"
              maxLength={2000}
              defaultValue={result && 'values' in result ? result.values.details : ''}
            />
          )}
        </Field>
        <button type="submit" className="button button--secondary" disabled={isBusy}>
          Send report
        </button>
      </Form>
    </details>
  );
}
