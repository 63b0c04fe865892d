import { data, Form, Link, useNavigation } from 'react-router';
import { formatDateTime, formatPence, pluralise } from '@domain/format';
import { labelOf } from '@domain/labels';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { SelectField } from '~/components/ui/select-field';
import { requireAdmin } from '../../server/auth/guards';
import { failureAsPage, formFailure } from '../../server/http/route-errors';
import type { Route } from './+types/admin-portal-user';

export function meta() {
  return [{ title: 'User – Admin portal | Roost' }, { name: 'robots', content: 'noindex' }];
}

const ACTION_LABELS: Record<string, string> = {
  disable: 'Disable the account (signs them out everywhere, hides their listings)',
  enable: 'Re-enable the account',
  'reset-password': 'Force a password reset',
  'reset-mfa': 'Reset two-step verification',
  'resend-confirmation': 'Resend the confirmation code',
  'make-admin': 'Make an administrator',
  'remove-admin': 'Remove administrator rights',
};

export async function loader({ context, params }: Route.LoaderArgs) {
  const admin = requireAdmin(context.user);
  try {
    const page = await context.marketplace.adminUsers.get({ user: admin, sub: params.sub });
    return { page, isSelf: page.account.sub === admin.userId };
  } catch (error) {
    failureAsPage(error);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireAdmin(context.user);
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const intent = form.intent ?? '';
  const values = { action: form.action ?? '', reason: form.reason ?? '' };
  const { adminUsers } = context.marketplace;
  try {
    if (intent === 'review') {
      // The first step only checks the form; the page then asks for confirmation.
      const fields: Record<string, string> = {};
      if (!ACTION_LABELS[values.action]) fields.action = 'Choose an action.';
      if (values.reason.trim().length < 3)
        fields.reason = 'Give a reason of at least 3 characters.';
      if (Object.keys(fields).length) {
        return data({ intent, values, error: 'Check the form.', fields }, { status: 422 });
      }
      return { intent: 'confirm' as const, values };
    }
    if (intent === 'act') {
      const result = await adminUsers.act({ user: admin, sub: params.sub, input: values });
      return { intent, message: result.message };
    }
    if (intent === 'erase') {
      const summary = await adminUsers.erase({
        user: admin,
        sub: params.sub,
        input: { reason: form.eraseReason ?? '' },
      });
      return { intent, summary };
    }
    throw new Response(null, { status: 400 });
  } catch (error) {
    return formFailure(error, { intent, values });
  }
}

/**
 * Reload the account only after something changed it: not after the first step of an action
 * (nothing has happened yet), and not after an erasure (the account no longer exists; the page
 * shows the summary).
 */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}) {
  const result = actionResult as { summary?: unknown; intent?: string } | undefined;
  if (result?.summary || result?.intent === 'confirm' || result?.intent === 'review') return false;
  return defaultShouldRevalidate;
}

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const { page, isSelf } = loaderData;
  const { account, record } = page;
  const navigation = useNavigation();
  const isBusy = navigation.state === 'submitting';
  const result = actionData as
    | {
        intent: string;
        values?: { action: string; reason: string };
        message?: string;
        error?: string;
        fields?: Record<string, string>;
        summary?: {
          listingsRemoved: number;
          messagesRemoved: number;
          enquiriesRedacted: number;
          kept: readonly { what: string; why: string }[];
        };
      }
    | undefined;
  if (result?.summary) {
    return (
      <section className="card admin-section" aria-labelledby="admin-section-title">
        <h2 id="admin-section-title">Account erased</h2>
        <div className="alert alert--success" role="status">
          <p>
            {account.email ?? account.username} has been erased:{' '}
            {pluralise(result.summary.listingsRemoved, 'listing')} removed,{' '}
            {pluralise(result.summary.messagesRemoved, 'message')} removed,{' '}
            {pluralise(result.summary.enquiriesRedacted, 'enquiry', 'enquiries')} redacted, and the
            identity deleted.
          </p>
        </div>
        <h3>What was kept, and why</h3>
        <ul>
          {result.summary.kept.map((item) => (
            <li key={item.what}>
              <strong>{item.what}</strong>: {item.why}
            </li>
          ))}
        </ul>
        <p>
          <Link to="/admin-portal/user-information/">Back to user information</Link>
        </p>
      </section>
    );
  }
  const fieldError = (name: string) =>
    result?.intent !== 'erase' ? result?.fields?.[name] : undefined;
  const available = Object.keys(ACTION_LABELS).filter((key) => {
    if (key === 'disable') return account.isEnabled && !isSelf;
    if (key === 'enable') return !account.isEnabled;
    if (key === 'make-admin') return !page.isAdmin;
    if (key === 'remove-admin') return page.isAdmin && !isSelf;
    if (key === 'resend-confirmation') return account.status === 'UNCONFIRMED';
    return true;
  });
  const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
  return (
    <section className="card admin-section" aria-labelledby="admin-section-title">
      <p>
        <Link to="/admin-portal/user-information/">User information</Link>
      </p>
      <h2 id="admin-section-title">{account.email ?? account.username}</h2>
      {result?.message ? (
        <div className="alert alert--success" role="status">
          <p>{result.message}</p>
        </div>
      ) : null}
      {result?.error && result.intent !== 'review' ? (
        <div className="alert alert--error" role="alert">
          <p>{result.error}</p>
        </div>
      ) : null}
      <div className="admin-user-grid">
        <section aria-labelledby="profile-title">
          <h3 id="profile-title">Profile</h3>
          <dl className="admin-facts">
            <dt>Status</dt>
            <dd data-testid="account-status">
              {account.isEnabled ? account.status : `Disabled (${account.status})`}
            </dd>
            <dt>Name</dt>
            <dd>{account.name ?? '—'}</dd>
            <dt>E-mail verified</dt>
            <dd>{yesNo(account.isEmailVerified)}</dd>
            <dt>Phone</dt>
            <dd>
              {account.phone ?? '—'}
              {account.phone ? ` (${account.isPhoneVerified ? 'verified' : 'not verified'})` : ''}
            </dd>
            <dt>Two-step verification</dt>
            <dd>
              {account.mfa.enabled.length
                ? `${account.mfa.enabled.join(', ')}${account.mfa.preferred ? ` (prefers ${account.mfa.preferred})` : ''}`
                : 'Off'}
            </dd>
            <dt>Groups</dt>
            <dd>{account.groups.length ? account.groups.join(', ') : 'None'}</dd>
            <dt>Created</dt>
            <dd>{account.createdAt ? formatDateTime(account.createdAt) : '—'}</dd>
            <dt>Last sign-in</dt>
            <dd>{page.lastSignInAt ? formatDateTime(page.lastSignInAt) : 'Never'}</dd>
            <dt>User id</dt>
            <dd>
              <code>{account.sub}</code>
            </dd>
            <dt>Marketing e-mails</dt>
            <dd>
              {record.marketingConsent
                ? `${record.marketingConsent.isGranted ? 'Opted in' : 'Withdrew'} ${formatDateTime(record.marketingConsent.at)}`
                : 'Never opted in'}
            </dd>
            {record.erasure && !record.erasure.cancelledAt && !record.erasure.completedAt ? (
              <>
                <dt>Erasure requested</dt>
                <dd>Due {formatDateTime(record.erasure.dueAt)}</dd>
              </>
            ) : null}
          </dl>
          <details>
            <summary>All attributes</summary>
            <dl className="admin-facts">
              {Object.entries(account.attributes).map(([name, value]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </details>
        </section>
        <section aria-labelledby="activity-title">
          <h3 id="activity-title">Activity</h3>
          <ul>
            <li>{pluralise(record.enquiriesSent, 'enquiry', 'enquiries')} sent</li>
            <li>{pluralise(record.enquiriesReceived, 'enquiry', 'enquiries')} received</li>
            <li>{pluralise(record.savedSearches, 'saved search', 'saved searches')}</li>
            <li>{pluralise(record.favourites, 'favourite')}</li>
            <li>{pluralise(record.reportsMade.length, 'report')} made</li>
            <li>{pluralise(record.reportsReceived.length, 'report')} received on their listings</li>
          </ul>
        </section>
      </div>

      <h3 id="listings-title">Listings</h3>
      {record.listings.length === 0 ? (
        <p>No listings.</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table" aria-labelledby="listings-title">
            <thead>
              <tr>
                <th scope="col">Listing</th>
                <th scope="col">Town</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {record.listings.map((listing) => (
                <tr key={listing.id} data-testid="user-listing">
                  <td>
                    <Link to={listing.path}>{listing.title}</Link> ({listing.id})
                  </td>
                  <td>{listing.town}</td>
                  <td>
                    {listing.isDeleted ? 'Deleted' : labelOf('status', listing.status)}
                    {listing.isOwnerSuspended ? ' · hidden while the account is disabled' : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3 id="payments-title">Payments</h3>
      {record.payments.length === 0 ? (
        <p>No payments.</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table" aria-labelledby="payments-title">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Product</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Paid</th>
              </tr>
            </thead>
            <tbody>
              {record.payments.map((payment) => (
                <tr key={payment.orderId}>
                  <td>{payment.orderId}</td>
                  <td>
                    {payment.productName} – {payment.listingTitle}
                  </td>
                  <td>
                    {formatPence(payment.amountPence)}
                    {payment.refundedPence
                      ? ` (${formatPence(payment.refundedPence)} refunded)`
                      : ''}
                  </td>
                  <td>{payment.status}</td>
                  <td>{payment.paidAt ? formatDateTime(payment.paidAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3 id="reports-title">Reports</h3>
      {record.reportsMade.length + record.reportsReceived.length === 0 ? (
        <p>None made or received.</p>
      ) : (
        <ul>
          {record.reportsMade.map((report) => (
            <li key={`made-${report.id}`}>
              Made: listing {report.listingId}, {labelOf('reportReason', report.reason)},{' '}
              {report.status}, {formatDateTime(report.createdAt)}
            </li>
          ))}
          {record.reportsReceived.map((report) => (
            <li key={`got-${report.id}`}>
              Received: listing {report.listingId}, {labelOf('reportReason', report.reason)},{' '}
              {report.status}, {formatDateTime(report.createdAt)}
            </li>
          ))}
        </ul>
      )}

      <h3 id="sign-ins-title">Sign-in history</h3>
      {page.signIns.length === 0 ? (
        <p>No sign-ins recorded.</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table" aria-labelledby="sign-ins-title">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Event</th>
                <th scope="col">Result</th>
                <th scope="col">Network</th>
              </tr>
            </thead>
            <tbody>
              {page.signIns.map((event, index) => (
                <tr key={`${event.at}-${index}`}>
                  <td>{event.at ? formatDateTime(event.at) : '—'}</td>
                  <td>{event.type}</td>
                  <td>{event.result}</td>
                  <td>{event.addressClass ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3 id="actions-title">Actions</h3>
      {result?.intent === 'confirm' && result.values ? (
        <Form method="post" className="admin-confirm" aria-labelledby="confirm-title">
          <div className="alert alert--warning" role="alert">
            <p id="confirm-title">
              <strong>Confirm:</strong> {ACTION_LABELS[result.values.action]} for{' '}
              {account.email ?? account.username}?
            </p>
            <p>Reason: {result.values.reason}</p>
          </div>
          <input type="hidden" name="intent" value="act" />
          <input type="hidden" name="action" value={result.values.action} />
          <input type="hidden" name="reason" value={result.values.reason} />
          <Button type="submit" disabled={isBusy} autoFocus>
            Confirm
          </Button>{' '}
          <Link to=".">Cancel</Link>
        </Form>
      ) : (
        <Form method="post" className="admin-action-form">
          <input type="hidden" name="intent" value="review" />
          <SelectField
            id="user-action"
            name="action"
            label="Action"
            options={available.map((key) => [key, ACTION_LABELS[key]!] as const)}
            placeholder="Choose an action"
            defaultValue={result?.values?.action ?? ''}
            required
            error={fieldError('action')}
          />
          <Field
            id="user-action-reason"
            label="Reason (kept in the audit log)"
            error={fieldError('reason')}
          >
            {(control) => (
              <textarea
                {...control}
                name="reason"
                rows={2}
                required
                minLength={3}
                maxLength={500}
                defaultValue={result?.values?.reason ?? ''}
              />
            )}
          </Field>
          <Button type="submit" disabled={isBusy}>
            Continue
          </Button>
        </Form>
      )}

      <h3 id="gdpr-title">Personal data (UK GDPR)</h3>
      <Form
        method="post"
        action={`/admin-portal/user-information/${account.sub}/export`}
        reloadDocument
        className="admin-action-form"
      >
        <p>Download everything Roost holds on this person as JSON (recorded in the audit log).</p>
        <Button type="submit" variant="secondary">
          Export data
        </Button>
      </Form>
      {isSelf ? null : (
        <Form method="post" className="admin-action-form admin-danger">
          <input type="hidden" name="intent" value="erase" />
          <p>
            Erase the account: the identity is deleted, listings removed and messages redacted.
            Invoices and moderation records are kept as the law requires. This cannot be undone.
          </p>
          <Field
            id="erase-reason"
            label="Reason for erasure (kept in the audit log)"
            error={result?.intent === 'erase' ? result.fields?.reason : undefined}
          >
            {(control) => (
              <textarea
                {...control}
                name="eraseReason"
                rows={2}
                required
                minLength={3}
                maxLength={500}
              />
            )}
          </Field>
          <label className="choice">
            <input type="checkbox" name="confirmErase" value="yes" required /> I confirm this
            account should be erased
          </label>
          <Button type="submit" disabled={isBusy}>
            Erase account
          </Button>
        </Form>
      )}
    </section>
  );
}
