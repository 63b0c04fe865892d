import { Link } from 'react-router';
import {
  PaymentFilters,
  PaymentsTable,
  PaymentTotalsList,
} from '~/features/admin/payments/payments-list';
import { PaymentAlerts } from '~/features/payments/payment-alerts';
import { requireAdmin } from '../../server/auth/guards';
import { asDomainFailure } from '../../server/http/route-errors';
import type { Route } from './+types/admin-portal-user-payments';

export function meta() {
  return [
    { title: 'User payments – Admin portal | Roost' },
    { name: 'robots', content: 'noindex' },
  ];
}

const FILTER_NAMES = ['status', 'product', 'from', 'to', 'email', 'listing'] as const;

/** Payments for upgrades, filtered by the query string, with totals over every match. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(context.user);
  const params = new URL(request.url).searchParams;
  const { payments } = context.marketplace;
  const values = Object.fromEntries(FILTER_NAMES.map((name) => [name, params.get(name) ?? '']));
  const products = await payments.products();
  try {
    const result = await payments.admin.list({ user: admin, filters: params });
    return { ...result, values, products, failure: null };
  } catch (error) {
    const failure = asDomainFailure(error);
    if (failure?.code !== 'VALIDATION_FAILED') throw error;
    const result = await payments.admin.list({ user: admin, filters: {} });
    return { ...result, values, products, failure };
  }
}

export default function AdminUserPayments({ loaderData }: Route.ComponentProps) {
  const { rows, totals, values, products, failure, filters, pageSize, alerts } = loaderData;
  const filtersEcho = { values, fields: failure?.fields };
  const query = new URLSearchParams(
    Object.entries(values).filter(([, value]) => value.trim() !== ''),
  ).toString();
  const pageLink = (page: number) =>
    `?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(query)), page: String(page) }).toString()}`;
  return (
    <section className="card admin-section admin-payments" aria-labelledby="admin-section-title">
      <h2 id="admin-section-title">User payments</h2>
      <PaymentAlerts alerts={alerts} linkToPayment />
      <PaymentFilters filters={filtersEcho} products={products} />
      {failure ? (
        <div className="alert alert--error" role="alert">
          <p>{failure.message} Showing every payment instead.</p>
        </div>
      ) : null}
      <PaymentTotalsList totals={totals} />
      <p>
        <a
          className="button button--secondary button--small"
          href={`/api/v1/admin/payments.csv${query ? `?${query}` : ''}`}
          download
        >
          Export as CSV
        </a>
      </p>
      <PaymentsTable rows={rows} />
      <nav aria-label="Pages of payments" className="admin-payments__pages">
        {filters.page > 1 ? <Link to={pageLink(filters.page - 1)}>Previous page</Link> : null}{' '}
        {rows.length === pageSize ? <Link to={pageLink(filters.page + 1)}>Next page</Link> : null}
      </nav>
    </section>
  );
}
