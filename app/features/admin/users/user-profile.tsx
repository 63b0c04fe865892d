import { formatDateTime, pluralise } from '@domain/format';
import type { UserPage } from '../../../../server/marketplace/admin-users/admin-users-service';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The account as the user pool holds it, and how much they use Roost. */
export function UserProfile({ page }: { page: UserPage }) {
  const { account, record } = page;
  return (
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
  );
}
