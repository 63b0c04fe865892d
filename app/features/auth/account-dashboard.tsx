import {
  fetchUserAttributes,
  updatePassword,
  type FetchUserAttributesOutput,
} from 'aws-amplify/auth';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { readItem, STORAGE_FLAGS, writeItem } from '~/lib/browser-storage';
import { displayNameOf } from '~/lib/display-name';
import { formatMobileNumber } from '~/lib/phone-number';
import { pluralise } from '@domain/format';
import type { SessionUser } from '@domain/session-user';
import { useSignUpMarketingChoice } from './marketing-opt-in';
import { MobileNumber } from './mobile-number';
import { TwoStepVerification } from './two-step-verification';
import { TextField } from '~/components/ui/text-field';
import { authErrorMessage } from './auth-error-message';

/** The signed-in account page: details, listings, password, two-step verification, sign out. */
// size: markup: the account page's sections, each a short list of links
export default function AccountDashboard({
  user,
  onSignOut,
  listingCount = null,
}: {
  user: SessionUser;
  onSignOut: () => void;
  /** How many listings the user has, when known (they are listed under the dashboard). */
  listingCount?: number | null;
}) {
  const [attributes, setAttributes] = useState<FetchUserAttributesOutput | null>(null);
  const readAttributes = useCallback(
    () =>
      fetchUserAttributes().then(setAttributes, (error: unknown) =>
        console.warn('Could not read account details', error),
      ),
    [],
  );
  useEffect(() => {
    void readAttributes();
  }, [readAttributes]);
  const name = displayNameOf(user);
  const marketingMessage = useSignUpMarketingChoice();
  // 'Welcome back' is for returning users: the first visit after confirming an account is not one.
  const [isNewAccount] = useState(() => readItem(STORAGE_FLAGS.newAccount) === 'true');
  useEffect(() => {
    if (isNewAccount) writeItem(STORAGE_FLAGS.newAccount, null);
  }, [isNewAccount]);

  return (
    <div className="account-page">
      <h1>My account</h1>
      <p className="lead">
        {isNewAccount ? `Welcome to Roost, ${name}.` : `Welcome back, ${name}.`}
      </p>
      <div className="account-grid">
        <section className="card" aria-labelledby="account-details">
          <h2 id="account-details">Your details</h2>
          <dl>
            <dt>Name</dt>
            <dd>{attributes?.name ?? user.name ?? name}</dd>
            <dt>E-mail</dt>
            <dd>
              {attributes?.email ?? user.email ?? '—'}
              {attributes?.email_verified === 'true' ? ' (verified)' : ''}
            </dd>
            <dt>Mobile</dt>
            <dd>
              {attributes?.phone_number ? formatMobileNumber(attributes.phone_number) : 'Not added'}
              {attributes?.phone_number_verified === 'true' ? ' (verified)' : ''}
            </dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="account-listings">
          <h2 id="account-listings">Manage listings</h2>
          {listingCount ? (
            <p>
              You have {pluralise(listingCount, 'listing')}: see{' '}
              <a href="#manage-listings">Your listings</a> below for their status and enquiries.
            </p>
          ) : (
            <p>
              Your listings, their enquiries and their status will appear here once you publish one.
            </p>
          )}
          <p>
            <Link to="/saved-searches">Saved searches and alerts</Link>
          </p>
          <Link to="/property/new" className="button button--small">
            + Add a listing
          </Link>
        </section>
        {attributes ? (
          <MobileNumber
            phoneNumber={attributes.phone_number}
            isVerified={attributes.phone_number_verified === 'true'}
            onChanged={readAttributes}
          />
        ) : null}
        <section className="card" aria-labelledby="account-marketing">
          <h2 id="account-marketing">Marketing e-mails</h2>
          <p>News and offers from Roost are optional and off unless you opt in.</p>
          {marketingMessage ? <p role="status">{marketingMessage}</p> : null}
          <Link to="/my-account/marketing">Choose whether to get marketing e-mails</Link>
        </section>
        <ChangePassword />
        <TwoStepVerification
          accountName={attributes?.email ?? user.email ?? user.username}
          hasVerifiedMobile={attributes?.phone_number_verified === 'true'}
          hasVerifiedEmail={attributes?.email_verified === 'true'}
        />
        <section className="card" aria-labelledby="account-sign-out">
          <h2 id="account-sign-out">Sign out</h2>
          <p>Sign out of Roost on this device.</p>
          <button type="button" className="button button--secondary" onClick={onSignOut}>
            Sign out
          </button>
        </section>
      </div>
    </div>
  );
}

function ChangePassword() {
  const id = useId();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const oldPassword = String(form.get('oldPassword') ?? '');
    const newPassword = String(form.get('newPassword') ?? '');
    const confirm = String(form.get('confirmPassword') ?? '');
    if (!oldPassword || !newPassword) {
      setMessage({ kind: 'error', text: 'Enter your current password and a new password.' });
      return;
    }
    if (newPassword !== confirm) {
      setMessage({ kind: 'error', text: 'Your passwords must match' });
      return;
    }
    setIsSaving(true);
    try {
      await updatePassword({ oldPassword, newPassword });
      setMessage({ kind: 'success', text: 'Your password has been changed.' });
      (event.target as HTMLFormElement).reset();
    } catch (error) {
      setMessage({ kind: 'error', text: authErrorMessage(error) });
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Change password</h2>
      {message ? (
        <p
          className={`alert alert--${message.kind}`}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      ) : null}
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          id={`${id}-old`}
          label="Current password"
          name="oldPassword"
          type="password"
          autoComplete="current-password"
          required
        />
        <TextField
          id={`${id}-new`}
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
        />
        <TextField
          id={`${id}-confirm`}
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
        />
        <div>
          <button type="submit" className="button button--small" disabled={isSaving}>
            Change password
          </button>
        </div>
      </form>
    </section>
  );
}
