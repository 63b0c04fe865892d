import { Form, Link } from 'react-router';
import { pluralise } from '@domain/format';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import type { UserPageResult } from './user-page-result';

interface PersonalDataProps {
  sub: string;
  isSelf: boolean;
  result: UserPageResult | undefined;
  isBusy: boolean;
}

/** Export (a download) and erasure (a reason and a tick; not for one's own account). */
export function UserPersonalData({ sub, isSelf, result, isBusy }: PersonalDataProps) {
  return (
    <>
      <h3 id="gdpr-title">Personal data (UK GDPR)</h3>
      <Form
        method="post"
        action={`/admin-portal/user-information/${sub}/export`}
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
    </>
  );
}

/** After an erasure: what went, and what was kept and why. */
export function ErasedAccount({
  who,
  summary,
}: {
  who: string;
  summary: NonNullable<UserPageResult['summary']>;
}) {
  return (
    <section className="card admin-section" aria-labelledby="admin-section-title">
      <h2 id="admin-section-title">Account erased</h2>
      <div className="alert alert--success" role="status">
        <p>
          {who} has been erased: {pluralise(summary.listingsRemoved, 'listing')} removed,{' '}
          {pluralise(summary.messagesRemoved, 'message')} removed,{' '}
          {pluralise(summary.enquiriesRedacted, 'enquiry', 'enquiries')} redacted, and the identity
          deleted.
        </p>
      </div>
      <h3>What was kept, and why</h3>
      <ul>
        {summary.kept.map((item) => (
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
