import type { Entitlement } from './catalogue.ts';
import { entitlementListValuePence } from './catalogue.ts';

/**
 * Consumer Contracts Regulations 2013: a buyer may cancel a service within 14 days. Having asked
 * for the upgrade to start at once (and acknowledged it), they owe for what was supplied, so the
 * refund is the unused part, pro rata: time left for placements, unused one-off uses.
 */
export const CANCELLATION_DAYS = 14;
/** The Regulations: a refund is paid within 14 days of the cancellation. */
export const REFUND_PAID_WITHIN_DAYS = 14;
/** How long a quoted refund is honoured: the buyer gets what they were shown if they confirm in time. */
export const QUOTE_VALID_MINUTES = 30;
/**
 * Placement time is counted as used in whole hours: the hour under way is not charged, so an
 * upgrade cancelled before its first hour is over comes back in full.
 */
export const USE_COUNTED_IN_HOURS = 1;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface EntitlementUse {
  entitlement: Entitlement;
  /** When the placement started (time-boxed kinds). */
  startsAt?: Date;
  /** When it ended early (the listing stopped being public, or an admin ended it). */
  endedAt?: Date | null;
  /** One-off uses already spent (bumps applied, alerts sent). */
  usesSpent?: number;
}

/** Whether the 14-day cancellation window is still open for an order paid at `paidAt`. */
export function isWithinCancellationWindow(paidAt: Date, now: Date): boolean {
  return now.getTime() - paidAt.getTime() <= CANCELLATION_DAYS * DAY_MS;
}

/** The unused fraction (0–1) of one entitlement at `now` (placement time in whole hours used). */
export function unusedFraction(use: EntitlementUse, now: Date): number {
  const { entitlement } = use;
  if (entitlement.days !== undefined) {
    const start = use.startsAt?.getTime() ?? now.getTime();
    const length = entitlement.days * DAY_MS;
    const stoppedAt = Math.min(now.getTime(), use.endedAt?.getTime() ?? Infinity);
    const unit = USE_COUNTED_IN_HOURS * HOUR_MS;
    const used = Math.floor(Math.max(0, stoppedAt - start) / unit) * unit;
    return Math.max(0, Math.min(1, (length - used) / length));
  }
  const uses = entitlement.uses ?? 1;
  return Math.max(0, uses - (use.usesSpent ?? 0)) / uses;
}

/**
 * The refund due for cancelling now: the price paid (after any discount) shared across the
 * order's entitlements by their list value, times each one's unused fraction; rounded down to the
 * penny, and never more than what has not been refunded already.
 */
export function proRataRefundPence(options: {
  paidPence: number;
  alreadyRefundedPence: number;
  uses: EntitlementUse[];
  now: Date;
}): number {
  const { paidPence, alreadyRefundedPence, uses, now } = options;
  const values = uses.map((use) => entitlementListValuePence(use.entitlement));
  const total = values.reduce((sum, value) => sum + value, 0);
  if (total === 0) return 0;
  const unusedShare = uses.reduce(
    (sum, use, index) => sum + (values[index]! / total) * unusedFraction(use, now),
    0,
  );
  const due = Math.floor(paidPence * unusedShare + 1e-9);
  return Math.max(0, Math.min(due, paidPence - alreadyRefundedPence));
}

/** The unused part as a whole percentage, rounded down: '100 %' only when nothing was used. */
export function unusedPercent(use: EntitlementUse, now: Date): number {
  return Math.floor(unusedFraction(use, now) * 100 + 1e-9);
}
