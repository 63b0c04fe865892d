import type { Database } from '../../../db/client.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import type { Logger } from '../../logger.ts';
import { confirmCancellation, quoteCancellation } from './cancel-order.ts';
import { alignUpgradesWithListing, endUpgradesForListing, sweepUpgrades } from './end-upgrades.ts';
import { getReceipt } from './get-receipt.ts';
import { handleWebhook } from './handle-webhook.ts';
import { listMyPayments } from './list-my-payments.ts';
import { listPayments } from './list-payments.ts';
import { listProducts } from './list-products.ts';
import { applyBump, listingPlacements } from './listing-upgrades.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { loadBuyerPayment } from './payment-records.ts';
import { getPaymentDetail } from './payment-timeline.ts';
import type { SupplierDetails } from './payments-config.ts';
import { exportPaymentsCsv } from './payments-csv.ts';
import { refundPayment } from './refund-payment.ts';
import { loadCheckout, startCheckout } from './start-checkout.ts';
import { submitTestOutcome } from './stand-in-checkout.ts';

export interface PaymentsServiceDeps {
  db: Database;
  /** Undefined when payments are off (production without Stripe keys). */
  provider: PaymentProvider | undefined;
  supplier: SupplierDetails;
  logger: Logger;
  /** The clock; tests move it to cross the 14 days. */
  now?: () => Date;
}

type User = { user: SessionUser | null };
type PaymentRef = User & { paymentId: number };

/**
 * The payments use cases, each taking one options object. Who may do what is decided in the use
 * case from the verified user: buyers see only their own payments, admin calls check the role.
 */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();
  const refundDeps = { db, provider: deps.provider, logger: deps.logger };
  return {
    /** What the browser needs to take payments: Stripe's publishable key, or the test page. */
    checkoutKind: () => deps.provider?.browser,
    products: () => listProducts(db),
    startCheckout: (options: User & { listingId: number; input: unknown }) =>
      startCheckout(
        { db, provider: deps.provider, supplier: deps.supplier },
        { ...options, now: now() },
      ),
    /** The checkout page again for the buyer's own payment (reload, or back from 3-D Secure). */
    getCheckout: async (options: PaymentRef) =>
      loadCheckout(
        { db, provider: deps.provider },
        await loadBuyerPayment(db, options.user, options.paymentId),
      ),
    submitTestOutcome: (options: PaymentRef & { input: unknown }) =>
      submitTestOutcome({ db, provider: deps.provider }, options),
    handleWebhook: (options: { rawBody: Buffer; signature: string | undefined }) =>
      handleWebhook(
        { db, provider: deps.provider, supplier: deps.supplier, logger: deps.logger },
        { ...options, now: now() },
      ),
    myPayments: (options: User) => listMyPayments(db, options),
    receipt: (options: PaymentRef) => getReceipt(db, { ...options, now: now() }),
    cancellationQuote: (options: PaymentRef) => quoteCancellation(db, { ...options, now: now() }),
    cancel: (options: PaymentRef & { input: unknown }) =>
      confirmCancellation(refundDeps, { ...options, now: now() }),
    /** Paid upgrades of listings now: badges, placement, 'Newest first' (search and home). */
    placements: (options: { listingIds: number[] }) =>
      listingPlacements(db, { ...options, now: now() }),
    applyBump: (options: User & { listingId: number }) => applyBump(db, { ...options, now: now() }),
    /** For the listings side: call after a listing's status changes (no-op while it is public). */
    endUpgradesForListing: (options: { listingId: number }) =>
      endUpgradesForListing(db, { ...options, now: now() }),
    /** After a status change: ends the upgrades of a listing that is not public, resumes them when it is again. */
    alignUpgradesWithListing: (options: { listingId: number }) =>
      alignUpgradesWithListing(db, { ...options, now: now() }),
    sweepUpgrades: () => sweepUpgrades(db, { now: now() }),
    admin: {
      list: (options: User & { filters: unknown }) => listPayments(db, options),
      csv: (options: User & { filters: unknown }) => exportPaymentsCsv(db, options),
      detail: (options: PaymentRef) => getPaymentDetail(db, { ...options, now: now() }),
      refund: (options: PaymentRef & { input: unknown }) =>
        refundPayment(refundDeps, { ...options, now: now() }),
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
