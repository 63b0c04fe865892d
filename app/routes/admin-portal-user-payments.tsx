import { Form, Link } from 'react-router';
import { formatDate, formatPence } from '@domain/format';
import { PAYMENT_STATUSES, PAYMENT_STATUS_LABELS } from '@domain/payments/payment-status';
import { Button } from '~/components/ui/button';
import { echo } from '~/components/ui/form-echo';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
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
      <Form method="get" className="form admin-payments__filters" aria-label="Filter payments">
        <SelectField
          id="filter-status"
          {...echo(filtersEcho, 'status')}
          label="Status"
          placeholder="Any"
          options={PAYMENT_STATUSES.map((status) => [status, PAYMENT_STATUS_LABELS[status]])}
        />
        <SelectField
          id="filter-product"
          {...echo(filtersEcho, 'product')}
          label="Product"
          placeholder="Any"
          options={products.map((product) => [product.code, product.name])}
        />
        <TextField id="filter-from" {...echo(filtersEcho, 'from')} type="date" label="From" />
        <TextField id="filter-to" {...echo(filtersEcho, 'to')} type="date" label="To" />
        <TextField
          id="filter-email"
          {...echo(filtersEcho, 'email')}
          type="search"
          label="Buyer’s e-mail"
        />
        <TextField
          id="filter-listing"
          {...echo(filtersEcho, 'listing')}
          inputMode="numeric"
          label="Listing number"
        />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>
      {failure ? (
        <div className="alert alert--error" role="alert">
          <p>{failure.message} Showing every payment instead.</p>
        </div>
      ) : null}
      <h3 id="payment-totals">Totals for these payments ({totals.count})</h3>
      <dl className="admin-payments__totals order-summary" data-testid="payment-totals">
        <dt>Gross</dt>
        <dd>{formatPence(totals.grossPence)}</dd>
        <dt>Refunds</dt>
        <dd>{formatPence(totals.refundsPence)}</dd>
        <dt>Net of refunds</dt>
        <dd>{formatPence(totals.netPence)}</dd>
        <dt>VAT</dt>
        <dd>{formatPence(totals.vatPence)}</dd>
      </dl>
      <p>
        <a
          className="button button--secondary button--small"
          href={`/api/v1/admin/payments.csv${query ? `?${query}` : ''}`}
          download
        >
          Export as CSV
        </a>
      </p>
      {rows.length === 0 ? (
        <p className="empty-state">No payments match.</p>
      ) : (
        <div className="table-scroll">
          <table aria-labelledby="payment-totals">
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">Buyer</th>
                <th scope="col">Upgrade</th>
                <th scope="col">Listing</th>
                <th scope="col">Amount</th>
                <th scope="col">Refunded</th>
                <th scope="col">Status</th>
                <th scope="col">Invoice</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.paymentId} data-testid="admin-payment">
                  <td>{formatDate(row.createdAt)}</td>
                  <td>{row.buyerEmail ?? '—'}</td>
                  <td>{row.productName}</td>
                  <td>
                    {row.listingTitle}
                    {row.listingId ? ` (${row.listingId})` : ''}
                  </td>
                  <td>{formatPence(row.amountPence)}</td>
                  <td>{row.refundedPence ? formatPence(row.refundedPence) : '—'}</td>
                  <td>{PAYMENT_STATUS_LABELS[row.status]}</td>
                  <td>
                    <Link to={`/admin-portal/user-payments/${row.paymentId}`}>
                      {row.invoiceNumber ?? `Payment ${row.paymentId}`}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages of payments" className="admin-payments__pages">
        {filters.page > 1 ? <Link to={pageLink(filters.page - 1)}>Previous page</Link> : null}{' '}
        {rows.length === pageSize ? <Link to={pageLink(filters.page + 1)}>Next page</Link> : null}
      </nav>
    </section>
  );
}
