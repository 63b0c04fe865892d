import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  CANCELLATION_DAYS,
  QUOTE_VALID_MINUTES,
  isWithinCancellationWindow,
  proRataRefundPence,
  unusedPercent,
  type EntitlementUse,
} from '../../../domain/payments/cancellation.ts';
import { cancellationInput } from '../../../domain/payments/payment-inputs.ts';
import { isSettled } from '../../../domain/payments/payment-status.ts';
import { CANCELLATION_REQUESTER } from '../../../domain/payments/refunds.ts';
import { formatPence } from '../../../domain/format.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { AppError } from '../../http/app-error.ts';
import { isListingPublic } from './end-upgrades.ts';
import { makeRefund, type RefundDeps } from './make-refund.ts';
import {
  committedRefundsPence,
  loadBuyerPayment,
  type Db,
  type PaymentWithOrder,
} from './payment-records.ts';
import { refunds, upgrades, type Refund, type Upgrade } from './schema.ts';

const DAY_MS = 86_400_000;
const QUOTE_VALID_MS = QUOTE_VALID_MINUTES * 60_000;

export interface CancellationQuote {
  paymentId: number;
  isAllowed: boolean;
  /** Why not, in words for the buyer, when not allowed. */
  reason: string | undefined;
  /** The refund due now, pro rata. */
  amountPence: number;
  /** When it was worked out: sent back with the amount to confirm it. */
  quotedAt: Date;
  paidPence: number;
  alreadyRefundedPence: number;
  windowEndsAt: Date | null;
  upgrades: { kind: Upgrade['kind']; unusedPercent: number }[];
}

/**
 * Cancelling under the Consumer Contracts Regulations: within 14 days of paying (or at any time
 * for upgrades that ended early because the listing stopped being public) the buyer gets back
 * the unused part, pro rata — computed here and shown before they confirm.
 */
export async function quoteCancellation(
  db: Db,
  options: { user: SessionUser | null; paymentId: number; now?: Date },
): Promise<CancellationQuote> {
  const record = await loadBuyerPayment(db, options.user, options.paymentId);
  return computeQuote(db, record, options.now ?? new Date());
}

/**
 * Confirms a cancellation for exactly the refund the buyer was shown: the quoted amount and when
 * it was worked out come back from the page; if that quote is over 30 minutes old, or is not what
 * Roost worked out at that moment (or the payment changed since), nothing is refunded and the
 * answer (409) carries the new quote to show and confirm.
 */
export async function confirmCancellation(
  deps: RefundDeps,
  options: { user: SessionUser | null; paymentId: number; input: unknown; now?: Date },
): Promise<{ refund: Refund; amountPence: number }> {
  const parsed = cancellationInput.safeParse(options.input);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Reload the page and try again.');
  const record = await loadBuyerPayment(deps.db, options.user, options.paymentId);
  const now = options.now ?? new Date();
  const current = await computeQuote(deps.db, record, now);
  if (!current.isAllowed) throw new AppError('CONFLICT', current.reason!);
  const { quotedPence } = parsed.data;
  const quotedAt = new Date(parsed.data.quotedAt);
  const age = now.getTime() - quotedAt.getTime();
  const shown =
    age >= 0 && age <= QUOTE_VALID_MS ? await computeQuote(deps.db, record, quotedAt) : undefined;
  if (!shown?.isAllowed || shown.amountPence !== quotedPence) {
    throw new AppError(
      'CONFLICT',
      `The refund due is now ${formatPence(current.amountPence)}. Check it and confirm again.`,
      { quotedPence: String(current.amountPence), quotedAt: current.quotedAt.toISOString() },
    );
  }
  const refund = await makeRefund(deps, {
    paymentId: record.payment.id,
    amountPence: quotedPence,
    reason: 'cancellation',
    note: `Cancelled by the buyer ${Math.floor((now.getTime() - (record.payment.paidAt?.getTime() ?? now.getTime())) / DAY_MS)} day(s) after paying; unused part refunded pro rata.`,
    requestedBy: CANCELLATION_REQUESTER,
    requesterEmail: options.user?.email ?? null,
    idempotencyKey: 'cancellation',
    endUpgrades: 'cancelled',
    now,
  });
  return { refund, amountPence: refund.amountPence };
}

/** The quote for cancelling at `now` (also what the receipt offers). */
export async function computeQuote(
  db: Db,
  record: PaymentWithOrder,
  now: Date,
): Promise<CancellationQuote> {
  const { payment } = record;
  const granted = await db
    .select()
    .from(upgrades)
    .where(eq(upgrades.orderId, record.order.id))
    .orderBy(asc(upgrades.id));
  const uses: EntitlementUse[] = granted.map((upgrade) => ({
    entitlement: {
      kind: upgrade.kind,
      ...(upgrade.days !== null ? { days: upgrade.days } : { uses: upgrade.usesTotal ?? 1 }),
    },
    startsAt: upgrade.startsAt,
    endedAt: upgrade.endedEarlyAt,
    usesSpent: upgrade.usesSpent,
  }));
  const alreadyRefundedPence = await committedRefundsPence(db, payment.id);
  const windowEndsAt = payment.paidAt
    ? new Date(payment.paidAt.getTime() + CANCELLATION_DAYS * DAY_MS)
    : null;
  const amountPence = proRataRefundPence({
    paidPence: payment.amountPence,
    alreadyRefundedPence,
    uses,
    now,
  });
  const quote = {
    paymentId: payment.id,
    amountPence,
    quotedAt: now,
    paidPence: payment.amountPence,
    alreadyRefundedPence,
    windowEndsAt,
    upgrades: uses.map((use) => ({
      kind: use.entitlement.kind,
      unusedPercent: unusedPercent(use, now),
    })),
  };
  const refuse = (reason: string) => ({ ...quote, amountPence: 0, isAllowed: false, reason });

  if (!isSettled(payment.status) || !payment.paidAt)
    return refuse('This payment has not been taken.');
  const [cancelled] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.paymentId, payment.id),
        eq(refunds.reason, 'cancellation'),
        inArray(refunds.status, ['pending', 'succeeded']),
      ),
    );
  if (cancelled) return refuse('This upgrade has already been cancelled.');
  // After the 14 days, only while the listing stays off Roost: making it public again resumes
  // the upgrades instead (alignUpgradesWithListing).
  const endedWithListing =
    granted.some((upgrade) => upgrade.endedReason === 'listing_not_public') &&
    !(await isListingPublic(db, record.order.listingId));
  if (!isWithinCancellationWindow(payment.paidAt, now) && !endedWithListing) {
    return refuse('The 14 days in which you could cancel this upgrade have passed.');
  }
  if (amountPence <= 0)
    return refuse('Nothing is left to refund: the upgrade has been used in full.');
  return { ...quote, isAllowed: true, reason: undefined };
}
