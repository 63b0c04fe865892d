import { z } from 'zod';
import { typedPromoCode } from '../campaigns/promo-code.ts';
import { isCalendarDay } from '../dates.ts';
import { PRODUCT_CODES } from './catalogue.ts';
import { PAYMENT_STATUSES } from './payment-status.ts';
import { ADMIN_REFUND_REASONS } from './refunds.ts';

/**
 * What the browser sends for payments, validated alike by the page actions, the API and the
 * use cases. Amounts are whole pence.
 */

/** A key the checkout page makes once per visit, so a double-click on 'Pay' makes one order. */
const idempotencyKey = z
  .string({ message: 'Reload the page and try again' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Reload the page and try again');

export const checkoutInput = z.object({
  productCode: z.enum(PRODUCT_CODES, { message: 'Choose an upgrade' }),
  idempotencyKey,
  startImmediately: z.literal(true, {
    message: 'Tick the box to ask for your upgrade to start straight away',
  }),
  /** A promotion code (the campaigns side applies it); blank means none. */
  promoCode: typedPromoCode,
});
export type CheckoutInput = z.infer<typeof checkoutInput>;

const pence = z.coerce
  .number({ message: 'Enter an amount in pence' })
  .int('Enter a whole number of pence')
  .positive('Enter an amount above £0.00')
  .max(10_000_000, 'That is more than any payment');

export const refundInput = z.object({
  /** Absent: everything that remains. */
  amountPence: pence.optional(),
  reason: z.enum(ADMIN_REFUND_REASONS, { message: 'Choose a reason' }),
  note: z.string().trim().max(1000, 'Keep the note under 1,000 characters').default(''),
  idempotencyKey: idempotencyKey.optional(),
});
export type RefundInput = z.infer<typeof refundInput>;

/** The buyer confirms the refund they were shown, and when it was worked out (from the quote). */
export const cancellationInput = z.object({
  quotedPence: z.coerce.number().int().min(0),
  quotedAt: z.iso.datetime({ offset: true, message: 'Reload the page and try again' }),
});

const calendarDay = z
  .string()
  .refine(isCalendarDay, { message: 'Enter a date as YYYY-MM-DD' })
  .optional();

/** The admin list's filters, as they appear in its URL (every one optional). */
export const paymentFilters = z.object({
  status: z.enum(PAYMENT_STATUSES).optional(),
  product: z.enum(PRODUCT_CODES).optional(),
  /** London calendar days, inclusive, of when the checkout was started. */
  from: calendarDay,
  to: calendarDay,
  email: z.string().trim().max(254).optional(),
  listing: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type PaymentFilters = z.infer<typeof paymentFilters>;

/** Reads filters from a query string, dropping empty values (a blank form field means 'any'). */
export function readPaymentFilters(params: URLSearchParams | Record<string, unknown>) {
  const entries =
    params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params);
  const present = Object.fromEntries(
    entries.filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  );
  return paymentFilters.safeParse(present);
}
