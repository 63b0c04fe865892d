import { Form, Link } from 'react-router';
import { formatDate, formatPence } from '@domain/format';
import { PAYMENT_STATUSES, PAYMENT_STATUS_LABELS } from '@domain/payments/payment-status';
import { DataTable, type Column } from '~/components/data-table';
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

const PAYMENT_COLUMNS: readonly Column<AdminPaymentRow>[] = [
  { header: 'Started', cell: (row) => formatDate(row.createdAt) },
  { header: 'Buyer', cell: (row) => row.buyerEmail ?? '—' },
  { header: 'Upgrade', cell: (row) => row.productName },
  {
    header: 'Listing',
    cell: (row) => `${row.listingTitle}${row.listingId ? ` (${row.listingId})` : ''}`,
  },
  { header: 'Amount', cell: (row) => formatPence(row.amountPence) },
  {
    header: 'Refunded',
    cell: (row) => (row.refundedPence ? formatPence(row.refundedPence) : '—'),
  },
  { header: 'Status', cell: (row) => PAYMENT_STATUS_LABELS[row.status] },
  {
    header: 'Invoice',
    cell: (row) => (
      <Link to={`/admin-portal/user-payments/${row.paymentId}`}>
        {row.invoiceNumber ?? `Payment ${row.paymentId}`}
      </Link>
    ),
  },
];

export function PaymentsTable({ rows }: { rows: readonly AdminPaymentRow[] }) {
  if (rows.length === 0) return <p className="empty-state">No payments match.</p>;
  return (
    <DataTable
      rows={rows}
      rowKey={(row) => row.paymentId}
      labelledBy="payment-totals"
      rowTestId="admin-payment"
      columns={PAYMENT_COLUMNS}
    />
  );
}
