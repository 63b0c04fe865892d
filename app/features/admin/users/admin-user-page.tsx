import { Link } from 'react-router';
import type { UserPage } from '../../../../server/marketplace/admin-users/admin-users-service';
import { UserActionsForm } from './user-actions-form';
import { ErasedAccount, UserPersonalData } from './user-personal-data';
import { availableActions, type UserPageResult } from './user-page-result';
import { UserProfile } from './user-profile';
import { UserListings, UserPayments, UserReports, UserSignIns } from './user-records';

interface AdminUserPageProps {
  page: UserPage;
  isSelf: boolean;
  result: UserPageResult | undefined;
  isBusy: boolean;
}

/** One account in the admin portal: what Roost knows of it, and what an administrator can do. */
export function AdminUserPage({ page, isSelf, result, isBusy }: AdminUserPageProps) {
  const { account, record } = page;
  const who = account.email ?? account.username;
  if (result?.summary) return <ErasedAccount who={who} summary={result.summary} />;
  const available = availableActions({
    isEnabled: account.isEnabled,
    isAdmin: page.isAdmin,
    isSelf,
    status: account.status,
  });
  return (
    <section className="card admin-section" aria-labelledby="admin-section-title">
      <p>
        <Link to="/admin-portal/user-information/">User information</Link>
      </p>
      <h2 id="admin-section-title">{who}</h2>
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
      <UserProfile page={page} />
      <UserListings listings={record.listings} />
      <UserPayments payments={record.payments} />
      <UserReports record={record} />
      <UserSignIns signIns={page.signIns} />
      <h3 id="actions-title">Actions</h3>
      <UserActionsForm who={who} available={available} result={result} isBusy={isBusy} />
      <UserPersonalData sub={account.sub} isSelf={isSelf} result={result} isBusy={isBusy} />
    </section>
  );
}
