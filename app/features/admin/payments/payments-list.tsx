import { Form, Link } from 'react-router';
import { formatDate, formatPence } from '@domain/format';
import { PAYMENT_STATUSES, PAYMENT_STATUS_LABELS } from '@domain/payments/payment-status';
import { Button } from '~/components/ui/button';
import { echo, type FormEcho } from '~/components/ui/form-echo';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import type {
  AdminPaymentRow,
  PaymentTotals,
} from '../../../../server/marketplace/payments/list-payments';

interface PaymentFiltersProps {
  filters: FormEcho;
  products: readonly { code: string; name: string }[];
}

/** Status, product, dates, buyer and listing, sent in the query string. */
export function PaymentFilters({ filters, products }: PaymentFiltersProps) {
  return (
    <Form method="get" className="form admin-payments__filters" aria-label="Filter payments">
      <SelectField
        id="filter-status"
        {...echo(filters, 'status')}
        label="Status"
        placeholder="Any"
        options={PAYMENT_STATUSES.map((status) => [status, PAYMENT_STATUS_LABELS[status]])}
      />
      <SelectField
        id="filter-product"
        {...echo(filters, 'product')}
        label="Product"
        placeholder="Any"
        options={products.map((product) => [product.code, product.name])}
      />
      <TextField id="filter-from" {...echo(filters, 'from')} type="date" label="From" />
      <TextField id="filter-to" {...echo(filters, 'to')} type="date" label="To" />
      <TextField
        id="filter-email"
        {...echo(filters, 'email')}
        type="search"
        label="Buyer’s e-mail"
      />
      <TextField
        id="filter-listing"
        {...echo(filters, 'listing')}
        inputMode="numeric"
        label="Listing number"
      />
      <Button type="submit" variant="secondary">
        Filter
      </Button>
    </Form>
  );
}

/** Totals over every payment the filters match, not just this page's. */
export function PaymentTotalsList({ totals }: { totals: PaymentTotals }) {
  return (
    <>
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
    </>
  );
}

export function PaymentsTable({ rows }: { rows: readonly AdminPaymentRow[] }) {
  if (rows.length === 0) return <p className="empty-state">No payments match.</p>;
  return (
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
  );
}
