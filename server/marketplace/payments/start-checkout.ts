import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { checkoutInput } from '../../../domain/payments/payment-inputs.ts';
import {
  IMMEDIATE_START_WORDING,
  canBuyUpgradeFor,
  whyNotPurchasable,
} from '../../../domain/payments/rules.ts';
import { splitVat } from '../../../domain/payments/vat.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { RetryLaterError } from '../../http/retry-later-error.ts';
import { lockPromoCode, recordPromoUse } from '../campaigns/promo-codes.ts';
import { listings } from '../listings/schema.ts';
import { completeFreeOrder } from './complete-free-order.ts';
import type { SupplierDetails } from './payments-config.ts';
import type { BrowserCheckout, PaymentProvider } from './payment-provider.ts';
import { orders, payments, products, type Order, type Payment } from './schema.ts';

export interface CheckoutView {
  orderId: number;
  paymentId: number;
  status: Payment['status'];
  /** For the browser to confirm the payment; only while it can still be paid. */
  clientSecret: string | undefined;
  provider: BrowserCheckout;
  product: { code: string; name: string };
  listing: { id: number | null; title: string };
  pricePence: number;
  discountPence: number;
  amountPence: number;
  netPence: number;
  vatPence: number;
  failureMessage: string | null;
}

export interface CheckoutDeps {
  db: Database;
  provider: PaymentProvider | undefined;
  /** For the £0 invoice of an order a promo code makes free. */
  supplier?: SupplierDetails;
}

const PAYABLE = new Set<Payment['status']>(['pending', 'failed', 'requires_action']);

function buyerName(user: SessionUser): string | null {
  const full = [user.givenName, user.familyName].filter(Boolean).join(' ');
  return user.name ?? (full || null);
}

/**
 * The owner of a listing starts paying for an upgrade. One order per idempotency key (a
 * double-click finds the first), one PaymentIntent per order (the provider is asked with a key
 * derived from the order). Nothing is granted here: only the verified webhook does that.
 */
export async function startCheckout(
  deps: CheckoutDeps,
  options: { user: SessionUser | null; listingId: number; input: unknown; now?: Date },
): Promise<CheckoutView> {
  const { db } = deps;
  const user = options.user;
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to buy an upgrade.');
  const parsed = checkoutInput.safeParse(options.input);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Check the highlighted fields.',
      fieldErrorsOf(parsed.error),
    );
  }
  const provider = requireProvider(deps.provider);
  const input = parsed.data;
  const now = options.now ?? new Date();

  const { listing, product } = await listingAndProduct(db, {
    listingId: options.listingId,
    user,
    productCode: input.productCode,
  });

  const values = {
    buyerSub: user.userId,
    buyerEmail: user.email ?? null,
    buyerName: buyerName(user),
    listingId: listing.id,
    listingTitle: listing.title,
    productCode: product.code,
    productName: product.name,
    entitlements: product.entitlements,
    pricePence: product.pricePence,
    discountPence: 0,
    amountPence: product.pricePence,
    idempotencyKey: input.idempotencyKey,
    startImmediately: input.startImmediately,
    immediateStartAcknowledgedAt: now,
    immediateStartWording: IMMEDIATE_START_WORDING,
  };
  const findOrder = (tx: Pick<Database, 'select'>) =>
    tx
      .select()
      .from(orders)
      .where(
        and(eq(orders.buyerSub, user.userId), eq(orders.idempotencyKey, input.idempotencyKey)),
      );
  let order: Order | undefined;
  if (input.promoCode) {
    order = await placePromoOrder(deps, {
      code: input.promoCode,
      values,
      product,
      findOrder,
      now,
    });
  } else {
    await db
      .insert(orders)
      .values(values)
      .onConflictDoNothing({ target: [orders.buyerSub, orders.idempotencyKey] });
    [order] = await findOrder(db);
  }
  if (!order) throw new Error('The order just written could not be read back');
  if (order.listingId !== listing.id || order.productCode !== product.code) {
    throw new AppError(
      'CONFLICT',
      'This checkout was for another upgrade. Reload the page and try again.',
    );
  }
  return openCheckout(db, provider, order);
}

/** The listing, if the user owns it and may upgrade it, and the product, if it is on sale. */
async function listingAndProduct(
  db: Database,
  {
    listingId,
    user,
    productCode,
  }: { listingId: number; user: SessionUser; productCode: (typeof products.$inferSelect)['code'] },
) {
  const [listing] = await db
    .select({
      id: listings.id,
      ownerSub: listings.ownerSub,
      status: listings.status,
      deletedAt: listings.deletedAt,
      title: listings.title,
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!listing) throw new AppError('NOT_FOUND', 'No such listing.');
  if (listing.ownerSub !== user.userId) {
    throw new AppError('FORBIDDEN', 'Only the lister can buy upgrades for this listing.');
  }
  if (!canBuyUpgradeFor({ status: listing.status, isDeleted: listing.deletedAt !== null })) {
    throw new AppError(
      'CONFLICT',
      listing.deletedAt ? whyNotPurchasable('removed') : whyNotPurchasable(listing.status),
    );
  }
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.code, productCode), eq(products.isActive, true)));
  if (!product) {
    throw new AppError('VALIDATION_FAILED', 'That upgrade is not on sale.', {
      productCode: 'Choose an upgrade',
    });
  }

  return { listing, product };
}

type OrderValues = typeof orders.$inferInsert & { buyerSub: string };

/**
 * An order with a promo code. The code's row is locked first, so concurrent checkouts with it
 * take turns: the use limit and once-per-buyer are checked and counted with the order, in one
 * transaction.
 */
async function placePromoOrder(
  deps: CheckoutDeps,
  {
    code,
    values,
    product,
    findOrder,
    now,
  }: {
    code: string;
    values: OrderValues;
    product: typeof products.$inferSelect;
    findOrder: (tx: Pick<Database, 'select'>) => PromiseLike<Order[]>;
    now: Date;
  },
): Promise<Order | undefined> {
  const { db } = deps;
  return db.transaction(async (tx) => {
    const { promo, discountPence } = await lockPromoCode(tx, {
      code,
      buyerSub: values.buyerSub,
      productCode: product.code,
      pricePence: product.pricePence,
      now,
    });
    const [existing] = await findOrder(tx);
    if (existing) return existing;
    const [inserted] = await tx
      .insert(orders)
      .values({ ...values, discountPence, amountPence: product.pricePence - discountPence })
      .onConflictDoNothing({ target: [orders.buyerSub, orders.idempotencyKey] })
      .returning();
    if (!inserted) return (await findOrder(tx))[0];
    await recordPromoUse(tx, {
      promo,
      orderId: inserted.id,
      buyerSub: values.buyerSub,
      discountPence,
    });
    if (inserted.amountPence === 0) {
      await completeFreeOrder(tx, {
        order: inserted,
        supplier: requireSupplier(deps.supplier),
        now,
        sendReceipt: true,
      });
    }
    return inserted;
  });
}

/** The order's payment, made at the provider first if this is the first time. */
async function openCheckout(db: Database, provider: PaymentProvider, order: Order) {
  let [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id));
  let clientSecret: string | undefined;
  // A £0 order was completed when it was made: nothing to pay.
  if (payment?.provider === 'none') return checkoutView(provider, order, payment, undefined);
  if (!payment) {
    const checkout = await provider.createCheckout({
      orderId: order.id,
      amountPence: order.amountPence,
      currency: 'gbp',
      description: `Roost: ${order.productName}`,
      idempotencyKey: `roost-order-${order.id}`,
    });
    await db
      .insert(payments)
      .values({
        orderId: order.id,
        provider: provider.name,
        providerPaymentId: checkout.paymentId,
        amountPence: order.amountPence,
      })
      .onConflictDoNothing({ target: payments.orderId });
    [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id));
    clientSecret = checkout.clientSecret;
  }
  if (!payment) throw new Error('The payment just written could not be read back');
  if (payment.provider !== provider.name) {
    throw new AppError(
      'GONE',
      'This checkout can no longer be paid. Start again from your listing.',
    );
  }
  if (PAYABLE.has(payment.status) && !clientSecret) {
    clientSecret = (await provider.retrieve(payment.providerPaymentId)).clientSecret;
  }
  return checkoutView(
    provider,
    order,
    payment,
    PAYABLE.has(payment.status) ? clientSecret : undefined,
  );
}

/** The checkout page again (a reload, or back from authentication): the buyer's own only. */
export async function loadCheckout(
  deps: CheckoutDeps,
  options: { order: Order; payment: Payment },
): Promise<CheckoutView> {
  const provider = requireProvider(deps.provider);
  const { order, payment } = options;
  if (payment.provider === 'none') return checkoutView(provider, order, payment, undefined);
  if (payment.provider !== provider.name) {
    throw new AppError(
      'GONE',
      'This checkout can no longer be paid. Start again from your listing.',
    );
  }
  const clientSecret = PAYABLE.has(payment.status)
    ? (await provider.retrieve(payment.providerPaymentId)).clientSecret
    : undefined;
  return checkoutView(provider, order, payment, clientSecret);
}

function checkoutView(
  provider: PaymentProvider,
  order: Order,
  payment: Payment,
  clientSecret: string | undefined,
): CheckoutView {
  const { netPence, vatPence } = splitVat(order.amountPence);
  return {
    orderId: order.id,
    paymentId: payment.id,
    status: payment.status,
    clientSecret,
    provider: provider.browser,
    product: { code: order.productCode, name: order.productName },
    listing: { id: order.listingId, title: order.listingTitle },
    pricePence: order.pricePence,
    discountPence: order.discountPence,
    amountPence: order.amountPence,
    netPence,
    vatPence,
    failureMessage: payment.failureMessage,
  };
}

/** How long a client is told to wait while no payment provider is configured. */
const NO_PROVIDER_RETRY_AFTER_SECONDS = 3600;

export function requireProvider(provider: PaymentProvider | undefined): PaymentProvider {
  if (!provider) {
    // A 503 says when to try again (Retry-After), as every 503 of the API does.
    throw new RetryLaterError(
      'UNAVAILABLE',
      'Paid upgrades are not available at the moment. Please try again later.',
      NO_PROVIDER_RETRY_AFTER_SECONDS,
    );
  }
  return provider;
}

function requireSupplier(supplier: SupplierDetails | undefined): SupplierDetails {
  if (!supplier) throw new Error('The supplier details are needed to invoice a £0 order');
  return supplier;
}
