import { describe, expect, it } from 'vitest';
import { LISTING_STATUSES } from '../listing/enums.ts';
import { formatInvoiceNumber, parseInvoiceNumber } from './invoice-number.ts';
import { checkoutInput, readPaymentFilters, refundInput } from './payment-inputs.ts';
import { isSettled, settledStatus } from './payment-status.ts';
import {
  ADMIN_REFUND_REASONS,
  REFUND_REASON_LABELS,
  REFUND_REASONS,
  refundablePence,
} from './refunds.ts';
import { canBuyUpgradeFor, whyNotPurchasable } from './rules.ts';

describe('which listings can have an upgrade', () => {
  it('only available and under-offer listings that are not deleted', () => {
    const allowed = LISTING_STATUSES.filter((status) => canBuyUpgradeFor({ status }));
    expect(allowed).toEqual(['active', 'under_offer']);
    expect(canBuyUpgradeFor({ status: 'active', isDeleted: true })).toBe(false);
  });

  it('says why not in words for the lister', () => {
    expect(whyNotPurchasable('paused')).toMatch(/paused/);
    expect(whyNotPurchasable('sold_stc')).toMatch(/sold subject to contract/);
    expect(whyNotPurchasable('let_agreed')).toMatch(/let agreed/);
    expect(whyNotPurchasable('removed')).toMatch(/not on Roost/);
  });
});

describe('invoice numbers', () => {
  it('are the counter, prefixed and padded, and read back', () => {
    expect(formatInvoiceNumber(1)).toBe('ROO-000001');
    expect(formatInvoiceNumber(1234567)).toBe('ROO-1234567');
    expect(parseInvoiceNumber('roo-000042')).toBe(42);
    expect(parseInvoiceNumber('ROO-42')).toBeUndefined();
    expect(() => formatInvoiceNumber(0)).toThrow(RangeError);
    expect(() => formatInvoiceNumber(1.5)).toThrow(RangeError);
  });
});

describe('payment status after refunds', () => {
  it('is paid, partly refunded or refunded by what has been refunded', () => {
    expect(settledStatus(999, 0)).toBe('paid');
    expect(settledStatus(999, 1)).toBe('partially_refunded');
    expect(settledStatus(999, 999)).toBe('refunded');
    expect(isSettled('partially_refunded')).toBe(true);
    expect(isSettled('failed')).toBe(false);
  });

  it('leaves what has not been refunded, never less than nothing', () => {
    expect(refundablePence(999, [300, 200])).toBe(499);
    expect(refundablePence(999, [999, 1])).toBe(0);
  });

  it('has a label for every refund reason; admins choose from their own list', () => {
    expect(Object.keys(REFUND_REASON_LABELS).sort()).toEqual([...REFUND_REASONS].sort());
    expect(ADMIN_REFUND_REASONS).not.toContain('cancellation');
  });
});

describe('payment inputs', () => {
  const key = 'a'.repeat(32);

  it('need the buyer’s request to start at once, a known product and a well-formed key', () => {
    expect(
      checkoutInput.safeParse({ productCode: 'bump', idempotencyKey: key, startImmediately: true })
        .success,
    ).toBe(true);
    expect(
      checkoutInput.safeParse({ productCode: 'bump', idempotencyKey: key, startImmediately: false })
        .success,
    ).toBe(false);
    expect(
      checkoutInput.safeParse({ productCode: 'gold', idempotencyKey: key, startImmediately: true })
        .success,
    ).toBe(false);
    expect(
      checkoutInput.safeParse({
        productCode: 'bump',
        idempotencyKey: 'short',
        startImmediately: true,
      }).success,
    ).toBe(false);
  });

  it('take refunds in whole, positive pence with a listed reason', () => {
    expect(refundInput.parse({ amountPence: '250', reason: 'goodwill' })).toEqual({
      amountPence: 250,
      reason: 'goodwill',
      note: '',
    });
    expect(refundInput.parse({ reason: 'duplicate' }).amountPence).toBeUndefined();
    expect(refundInput.safeParse({ amountPence: 0, reason: 'goodwill' }).success).toBe(false);
    expect(refundInput.safeParse({ amountPence: 2.5, reason: 'goodwill' }).success).toBe(false);
    expect(refundInput.safeParse({ reason: 'cancellation' }).success).toBe(false);
  });

  it('read admin filters from a query string, blank meaning any', () => {
    const parsed = readPaymentFilters(
      new URLSearchParams('status=paid&product=&from=2026-11-01&listing=7'),
    );
    expect(parsed.success && parsed.data).toEqual({
      status: 'paid',
      from: '2026-11-01',
      listing: 7,
      page: 1,
    });
    expect(readPaymentFilters(new URLSearchParams('to=2026-13-01')).success).toBe(false);
  });
});
