import { and, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { formatInvoiceNumber } from '../../../domain/payments/invoice-number.ts';
import {
  readPaymentFilters,
  type PaymentFilters,
} from '../../../domain/payments/payment-inputs.ts';
import { SETTLED_STATUSES, type PaymentStatus } from '../../../domain/payments/payment-status.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { Db } from './payment-records.ts';
import { invoices, orders, paymentAlerts, payments, refunds, type PaymentAlert } from './schema.ts';
import { assertPaymentsAdmin } from './require-payments-admin.ts';

export const PAGE_SIZE = 50;
const ALERTS_SHOWN = 20;

export interface AdminPaymentRow {
  paymentId: number;
  createdAt: Date;
  paidAt: Date | null;
  status: PaymentStatus;
  provider: 'stripe' | 'test' | 'none';
  providerPaymentId: string;
  productCode: string;
  productName: string;
  listingId: number | null;
  listingTitle: string;
  buyerEmail: string | null;
  amountPence: number;
  refundedPence: number;
  vatPence: number;
  invoiceNumber: string | undefined;
}

/** Money over every payment matching the filters (not just the page shown). */
export interface PaymentTotals {
  count: number;
  grossPence: number;
  refundsPence: number;
  netPence: number;
  /** VAT on what was paid less VAT on what was refunded. */
  vatPence: number;
}

export function parseFilters(input: unknown): PaymentFilters {
  const parsed = readPaymentFilters(
    input instanceof URLSearchParams ? input : ((input ?? {}) as Record<string, unknown>),
  );
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 'Check the filters.', fieldErrorsOf(parsed.error));
  }
  return parsed.data;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The filters as SQL: dates are London calendar days of when the checkout was started. */
export function filterConditions(filters: PaymentFilters): SQL | undefined {
  const londonDay = sql`(${payments.createdAt} at time zone 'Europe/London')::date`;
  return and(
    filters.status ? eq(payments.status, filters.status) : undefined,
    filters.product ? eq(orders.productCode, filters.product) : undefined,
    filters.from ? gte(londonDay, sql`${filters.from}::date`) : undefined,
    filters.to ? lte(londonDay, sql`${filters.to}::date`) : undefined,
    filters.email ? ilike(orders.buyerEmail, `%${escapeLike(filters.email)}%`) : undefined,
    filters.listing ? eq(orders.listingId, filters.listing) : undefined,
  );
}

const refundedVat = sql<number>`coalesce((select sum(${refunds.vatPence}) from ${refunds} where ${refunds.paymentId} = ${payments.id} and ${refunds.status} = 'succeeded'), 0)::integer`;

export function selectPaymentRows(db: Db, filters: PaymentFilters) {
  return db
    .select({
      paymentId: payments.id,
      createdAt: payments.createdAt,
      paidAt: payments.paidAt,
      status: payments.status,
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
      productCode: orders.productCode,
      productName: orders.productName,
      listingId: orders.listingId,
      listingTitle: orders.listingTitle,
      buyerEmail: orders.buyerEmail,
      amountPence: payments.amountPence,
      refundedPence: payments.refundedPence,
      invoiceVat: invoices.vatPence,
      refundedVat,
      invoice: invoices.number,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(invoices, eq(invoices.paymentId, payments.id))
    .where(filterConditions(filters))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .$dynamic();
}

export function toAdminRow(
  row: Awaited<ReturnType<typeof selectPaymentRows>>[number],
): AdminPaymentRow {
  const { invoice, invoiceVat, refundedVat: vatBack, ...rest } = row;
  return {
    ...rest,
    vatPence: (invoiceVat ?? 0) - vatBack,
    invoiceNumber: invoice === null ? undefined : formatInvoiceNumber(invoice),
  };
}

/** Administrators: payments matching the filters, a page at a time, with totals for them all. */
export async function listPayments(
  db: Db,
  options: { user: SessionUser | null; filters: unknown },
): Promise<{
  filters: PaymentFilters;
  rows: AdminPaymentRow[];
  totals: PaymentTotals;
  pageSize: number;
  /** The latest things the provider reported that Roost would not record, whatever the filters. */
  alerts: PaymentAlert[];
}> {
  assertPaymentsAdmin(options.user);
  const filters = parseFilters(options.filters);
  const rows = await selectPaymentRows(db, filters)
    .limit(PAGE_SIZE)
    .offset((filters.page - 1) * PAGE_SIZE);
  const settled = inArray(payments.status, [...SETTLED_STATUSES]);
  const [totals] = await db
    .select({
      count: sql<number>`count(*)::integer`,
      grossPence: sql<number>`coalesce(sum(${payments.amountPence}) filter (where ${settled}), 0)::integer`,
      refundsPence: sql<number>`coalesce(sum(${payments.refundedPence}), 0)::integer`,
      vatPence: sql<number>`(coalesce(sum(${invoices.vatPence}), 0) - coalesce(sum(${refundedVat}), 0))::integer`,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(invoices, eq(invoices.paymentId, payments.id))
    .where(filterConditions(filters));
  const sum = totals!;
  const alerts = await db
    .select()
    .from(paymentAlerts)
    .orderBy(desc(paymentAlerts.createdAt), desc(paymentAlerts.id))
    .limit(ALERTS_SHOWN);
  return {
    alerts,
    filters,
    rows: rows.map(toAdminRow),
    totals: { ...sum, netPence: sum.grossPence - sum.refundsPence },
    pageSize: PAGE_SIZE,
  };
}
