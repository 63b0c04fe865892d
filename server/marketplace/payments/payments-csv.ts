import { PAYMENT_STATUS_LABELS } from '../../../domain/payments/payment-status.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import {
  parseFilters,
  selectPaymentRows,
  toAdminRow,
  type AdminPaymentRow,
} from './list-payments.ts';
import type { Db } from './payment-records.ts';
import { assertPaymentsAdmin } from './require-payments-admin.ts';

/** The export's limit: an accounting period's worth; narrow the filters for more. */
export const CSV_MAX_ROWS = 50_000;

const pounds = (pence: number) => (pence / 100).toFixed(2);

/**
 * One CSV cell (RFC 4180). Text that a spreadsheet would run as a formula (=, +, -, @, tab,
 * carriage return first) is prefixed with an apostrophe, so a listing title cannot attack
 * whoever opens the export.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const COLUMNS: [string, (row: AdminPaymentRow) => string | number | null | undefined][] = [
  ['Payment', (row) => row.paymentId],
  ['Created (UTC)', (row) => row.createdAt.toISOString()],
  ['Paid (UTC)', (row) => row.paidAt?.toISOString()],
  ['Status', (row) => PAYMENT_STATUS_LABELS[row.status]],
  ['Product', (row) => row.productName],
  ['Listing', (row) => row.listingId],
  ['Listing title', (row) => row.listingTitle],
  ['Buyer e-mail', (row) => row.buyerEmail],
  ['Gross (GBP)', (row) => pounds(row.amountPence)],
  ['Refunded (GBP)', (row) => pounds(row.refundedPence)],
  ['Net (GBP)', (row) => pounds(row.amountPence - row.refundedPence)],
  ['VAT (GBP)', (row) => pounds(row.vatPence)],
  ['Invoice', (row) => row.invoiceNumber],
  ['Provider', (row) => row.provider],
  ['Provider payment id', (row) => row.providerPaymentId],
];

/** Administrators: every payment matching the filters as CSV (UTF-8, CRLF line ends). */
export async function exportPaymentsCsv(
  db: Db,
  options: { user: SessionUser | null; filters: unknown },
): Promise<string> {
  assertPaymentsAdmin(options.user);
  const filters = parseFilters(options.filters);
  const rows = (await selectPaymentRows(db, filters).limit(CSV_MAX_ROWS)).map(toAdminRow);
  const lines = [
    COLUMNS.map(([title]) => csvCell(title)).join(','),
    ...rows.map((row) => COLUMNS.map(([, value]) => csvCell(value(row))).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
