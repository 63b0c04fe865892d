/**
 * Where a payment stands. `failed` means the last attempt was declined (the buyer may try again
 * with the same checkout); refunds move a paid payment to partly or fully refunded.
 */
export const PAYMENT_STATUSES = [
  'pending',
  'requires_action',
  'processing',
  'failed',
  'paid',
  'partially_refunded',
  'refunded',
  'canceled',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Awaiting payment',
  requires_action: 'Awaiting authentication',
  processing: 'Processing',
  failed: 'Declined',
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  canceled: 'Cancelled',
};

/** Payments money was taken for (and so may be refunded). */
export const SETTLED_STATUSES = [
  'paid',
  'partially_refunded',
  'refunded',
] as const satisfies readonly PaymentStatus[];

export function isSettled(status: string): boolean {
  return (SETTLED_STATUSES as readonly string[]).includes(status);
}

/** A settled payment's status from what has been refunded of it so far. */
export function settledStatus(amountPence: number, refundedPence: number): PaymentStatus {
  if (refundedPence <= 0) return 'paid';
  return refundedPence >= amountPence ? 'refunded' : 'partially_refunded';
}
