import { Link } from 'react-router';
import { formatCount, formatDateTime, formatPence, pluralise } from '@domain/format';
import { TrendChart } from '~/features/admin/trend-chart';
import { requireAdmin } from '../../server/auth/guards';
import { failureAsPage } from '../../server/http/route-errors';
import type { Route } from './+types/admin-portal-overview';

export function meta() {
  return [{ title: 'Overview – Admin portal | Roost' }, { name: 'robots', content: 'noindex' }];
}

/** The admin portal's landing page: what needs attention, and how Roost is doing. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = requireAdmin(context.user);
  const span = new URL(request.url).searchParams.get('days') === '7' ? 7 : 30;
  try {
    const overview = await context.marketplace.adminUsers.overview({ user: admin });
    return { overview, span };
  } catch (error) {
    failureAsPage(error);
  }
}

function ageOf(iso: string): string {
  const hours = Math.floor((Date.now() - new Date(iso).getTime()) / 3_600_000);
  return hours < 48 ? pluralise(hours, 'hour') : pluralise(Math.floor(hours / 24), 'day');
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { overview: o, span } = loaderData;
  const days = o.days.slice(-span);
  const count = (n: number) => formatCount(n);
  return (
    <section className="card admin-section" aria-labelledby="admin-section-title">
      <h2 id="admin-section-title">Overview</h2>
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
      <h3>Last {span} days</h3>
      <p>
        {span === 30 ? (
          <Link to="?days=7">Show the last 7 days</Link>
        ) : (
          <Link to="?">Show the last 30 days</Link>
        )}
      </p>
      <div className="admin-charts">
        <TrendChart
          id="chart-sign-ups"
          title="Sign-ups"
          days={days.map((d) => ({ day: d.day, value: d.signUps }))}
          format={count}
        />
        <TrendChart
          id="chart-listings"
          title="New listings"
          days={days.map((d) => ({ day: d.day, value: d.listings }))}
          format={count}
        />
        <TrendChart
          id="chart-revenue"
          title="Revenue"
          days={days.map((d) => ({ day: d.day, value: d.revenuePence }))}
          format={formatPence}
        />
      </div>
    </section>
  );
}
