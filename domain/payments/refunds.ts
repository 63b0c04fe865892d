/** Why an administrator refunds a payment: one of these, with a free-text note. */
export const ADMIN_REFUND_REASONS = [
  'requested_by_customer',
  'duplicate',
  'fraudulent',
  'upgrade_not_delivered',
  'goodwill',
  'other',
] as const;
export type AdminRefundReason = (typeof ADMIN_REFUND_REASONS)[number];

/** Every reason a refund can carry: the admin's, a buyer's cancellation, or one made at the provider. */
export const REFUND_REASONS = [...ADMIN_REFUND_REASONS, 'cancellation', 'provider'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  requested_by_customer: 'Requested by the customer',
  duplicate: 'Duplicate payment',
  fraudulent: 'Fraudulent payment',
  upgrade_not_delivered: 'Upgrade not delivered',
  goodwill: 'Goodwill gesture',
  other: 'Other',
  cancellation: 'Cancelled within 14 days',
  provider: 'Refunded at the payment provider',
};

/** Who asked for a refund when no administrator did. */
export const CANCELLATION_REQUESTER = 'cancellation';
export const PROVIDER_REQUESTER = 'provider';

/** What is left to refund of a payment, given the refunds that succeeded or are under way. */
export function refundablePence(amountPence: number, refundsPence: readonly number[]): number {
  return Math.max(0, amountPence - refundsPence.reduce((sum, pence) => sum + pence, 0));
}

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed', 'canceled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * A refund's status moves only forward, as Stripe documents it: a pending refund succeeds, fails
 * or is cancelled, and a succeeded one can still fail later (the card issuer returns it). Failed
 * and cancelled are final, and nothing goes back to pending.
 */
const NEXT_REFUND_STATUSES: Record<RefundStatus, readonly RefundStatus[]> = {
  pending: ['succeeded', 'failed', 'canceled'],
  succeeded: ['failed'],
  failed: [],
  canceled: [],
};

export function isRefundStatusForward(from: RefundStatus, to: RefundStatus): boolean {
  return NEXT_REFUND_STATUSES[from].includes(to);
}
