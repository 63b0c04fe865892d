import { Link } from 'react-router';
import { formatCount, formatPence } from '@domain/format';
import { OverviewFigures } from '~/features/admin/overview/overview-figures';
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

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { overview: o, span } = loaderData;
  const days = o.days.slice(-span);
  const count = (n: number) => formatCount(n);
  return (
    <section className="card admin-section" aria-labelledby="admin-section-title">
      <h2 id="admin-section-title">Overview</h2>
      <OverviewFigures overview={o} />
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
