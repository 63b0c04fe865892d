import { Link } from 'react-router';
import { formatCount, formatDateTime, formatPence, pluralise } from '@domain/format';
import type { AdminOverview as Overview } from '../../../../server/marketplace/admin-users/overview';

function ageOf(iso: string): string {
  const hours = Math.floor((Date.now() - new Date(iso).getTime()) / 3_600_000);
  return hours < 48 ? pluralise(hours, 'hour') : pluralise(Math.floor(hours / 24), 'day');
}

/** What needs attention and how Roost is doing, each figure a link to where it comes from. */
export function OverviewFigures({ overview: o }: { overview: Overview }) {
  const count = (n: number) => formatCount(n);
  return (
    <ul className="admin-figures">
      <li>
        <Link to="/admin-portal/reported-ads/">
          <span className="admin-figures__value">{count(o.openReports)}</span> open{' '}
          {o.openReports === 1 ? 'report' : 'reports'}
        </Link>
        {o.oldestOpenReportAt ? (
          <span className="admin-figures__note">
            oldest {ageOf(o.oldestOpenReportAt)} ({formatDateTime(o.oldestOpenReportAt)})
          </span>
        ) : null}
      </li>
      <li>
        <Link to="/admin-portal/reported-ads/">
          <span className="admin-figures__value">{count(o.awaitingReview)}</span>{' '}
          {o.awaitingReview === 1 ? 'listing' : 'listings'} awaiting review
        </Link>
      </li>
      <li>
        <Link to="/search/for-sale?added=1">
          <span className="admin-figures__value">{count(o.newListings.today)}</span> new{' '}
          {o.newListings.today === 1 ? 'listing' : 'listings'} today
        </Link>
        <span className="admin-figures__note">{count(o.newListings.week)} in 7 days</span>
      </li>
      <li>
        <Link to="/admin-portal/user-information/">
          {o.signUps ? (
            <>
              <span className="admin-figures__value">{count(o.signUps.today)}</span>{' '}
              {o.signUps.today === 1 ? 'sign-up' : 'sign-ups'} today
            </>
          ) : (
            'Sign-ups unavailable'
          )}
        </Link>
        {o.signUps ? (
          <span className="admin-figures__note">{count(o.signUps.week)} in 7 days</span>
        ) : null}
      </li>
      <li>
        <Link to="/admin-portal/campaigns/">
          <span className="admin-figures__value">{count(o.activeUpgrades)}</span> active paid{' '}
          {o.activeUpgrades === 1 ? 'upgrade' : 'upgrades'}
        </Link>
      </li>
      <li>
        <Link to="/admin-portal/user-payments/">
          <span className="admin-figures__value">{formatPence(o.revenueThisMonthPence)}</span>{' '}
          revenue this month
        </Link>
        <span className="admin-figures__note">after refunds, including VAT</span>
      </li>
      <li>
        <span className="admin-figures__value">{count(o.failedJobs)}</span> failed background{' '}
        {o.failedJobs === 1 ? 'job' : 'jobs'}
        <span className="admin-figures__note">
          {pluralise(o.failedEmails, 'e-mail job')} among them
        </span>
      </li>
    </ul>
  );
}
