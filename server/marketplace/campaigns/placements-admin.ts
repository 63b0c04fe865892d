import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  endUpgradeInput,
  grantUpgradeInput,
  productUpdateInput,
} from '../../../domain/campaigns/campaign-inputs.ts';
import { formatInvoiceNumber } from '../../../domain/payments/invoice-number.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';
import { listings } from '../listings/schema.ts';
import { completeFreeOrder } from '../payments/complete-free-order.ts';
import type { SupplierDetails } from '../payments/payments-config.ts';
import { assertPaymentsAdmin } from '../payments/require-payments-admin.ts';
import { orders, products, upgrades, type ProductRow } from '../payments/schema.ts';

/** The words stored on a complimentary order where a buyer's request to start at once would be. */
export const COMPLIMENTARY_WORDING = 'Complimentary upgrade granted by a Roost administrator.';

function invalid(error: Parameters<typeof fieldErrorsOf>[0]): never {
  throw new AppError('VALIDATION_FAILED', 'Check the highlighted fields.', fieldErrorsOf(error));
}

/** Every product, on sale or not, in catalogue order. */
export async function listCatalogue(db: Database, options: { user: SessionUser | null }) {
  assertPaymentsAdmin(options.user);
  return db.select().from(products).orderBy(asc(products.position), asc(products.code));
}

/**
 * Changes a product's name, description, price, placement days and whether it is on sale.
 * Orders copy these at checkout, so nothing already bought changes.
 */
export async function updateProduct(
  db: Database,
  options: { user: SessionUser | null; input: unknown },
): Promise<ProductRow> {
  const admin = assertPaymentsAdmin(options.user);
  const parsed = productUpdateInput.safeParse(options.input);
  if (!parsed.success) invalid(parsed.error);
  const input = parsed.data;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(products)
      .where(eq(products.code, input.code))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND', 'No such product.');
    const hasDays = before.entitlements.some((entitlement) => entitlement.days !== undefined);
    if (hasDays && input.days === undefined) {
      throw new AppError('VALIDATION_FAILED', 'Check the highlighted fields.', {
        days: 'Enter a number of days',
      });
    }
    // A bundle's placement parts all take the new number of days.
    const entitlements = before.entitlements.map((entitlement) =>
      entitlement.days !== undefined && input.days !== undefined
        ? { ...entitlement, days: input.days }
        : entitlement,
    );
    const [after] = await tx
      .update(products)
      .set({
        name: input.name,
        description: input.description,
        pricePence: input.price,
        entitlements,
        isActive: input.isActive,
      })
      .where(eq(products.code, input.code))
      .returning();
    await recordAdminAction(tx, {
      admin,
      action: 'catalogue.update',
      target: { type: 'product', id: input.code },
      details: {
        before: pick(before),
        after: pick(after!),
      },
    });
    return after!;
  });
}

function pick(row: ProductRow) {
  return {
    name: row.name,
    description: row.description,
    pricePence: row.pricePence,
    entitlements: row.entitlements,
    isActive: row.isActive,
  };
}

export interface LiveUpgrade {
  id: number;
  kind: string;
  listingId: number | null;
  listingTitle: string;
  orderId: number;
  productName: string;
  isComplimentary: boolean;
  startsAt: string;
  endsAt: string | null;
  usesLeft: number | null;
  isScheduled: boolean;
}

/** Upgrades running now or waiting to start (placements stacked after another, unused one-offs). */
export async function listLiveUpgrades(
  db: Database,
  options: { user: SessionUser | null; now: Date },
): Promise<LiveUpgrade[]> {
  assertPaymentsAdmin(options.user);
  const rows = await db
    .select({ upgrade: upgrades, order: orders })
    .from(upgrades)
    .innerJoin(orders, eq(orders.id, upgrades.orderId))
    .where(
      and(
        isNull(upgrades.endedEarlyAt),
        or(
          gt(upgrades.endsAt, options.now),
          and(isNull(upgrades.endsAt), sql`${upgrades.usesSpent} < ${upgrades.usesTotal}`),
        ),
      ),
    )
    .orderBy(asc(upgrades.startsAt), desc(upgrades.id))
    .limit(500);
  return rows.map(({ upgrade, order }) => ({
    id: upgrade.id,
    kind: upgrade.kind,
    listingId: upgrade.listingId,
    listingTitle: order.listingTitle,
    orderId: order.id,
    productName: order.productName,
    isComplimentary: order.immediateStartWording === COMPLIMENTARY_WORDING,
    startsAt: upgrade.startsAt.toISOString(),
    endsAt: upgrade.endsAt?.toISOString() ?? null,
    usesLeft: upgrade.usesTotal === null ? null : upgrade.usesTotal - upgrade.usesSpent,
    isScheduled: upgrade.startsAt > options.now,
  }));
}

/**
 * Gives a listing a product free: an order at list price with the whole price as discount,
 * completed at once (granted like a paid one, £0 invoice with the next number), and recorded.
 */
export async function grantComplimentaryUpgrade(
  db: Database,
  options: { user: SessionUser | null; input: unknown; supplier: SupplierDetails; now: Date },
) {
  const admin = assertPaymentsAdmin(options.user);
  const parsed = grantUpgradeInput.safeParse(options.input);
  if (!parsed.success) invalid(parsed.error);
  const input = parsed.data;
  return db.transaction(async (tx) => {
    const [listing] = await tx
      .select({
        id: listings.id,
        ownerSub: listings.ownerSub,
        title: listings.title,
        deletedAt: listings.deletedAt,
      })
      .from(listings)
      .where(eq(listings.id, input.listingId));
    if (!listing || listing.deletedAt) {
      throw new AppError('VALIDATION_FAILED', 'No such listing.', {
        listingId: 'There is no listing with this number',
      });
    }
    const [product] = await tx.select().from(products).where(eq(products.code, input.productCode));
    if (!product) throw new AppError('NOT_FOUND', 'No such product.');
    const [order] = await tx
      .insert(orders)
      .values({
        buyerSub: listing.ownerSub,
        buyerEmail: null,
        buyerName: null,
        listingId: listing.id,
        listingTitle: listing.title,
        productCode: product.code,
        productName: product.name,
        entitlements: product.entitlements,
        pricePence: product.pricePence,
        discountPence: product.pricePence,
        amountPence: 0,
        idempotencyKey: `complimentary-${randomBytes(12).toString('hex')}`,
        startImmediately: true,
        immediateStartAcknowledgedAt: options.now,
        immediateStartWording: COMPLIMENTARY_WORDING,
      })
      .returning();
    const { invoice, granted } = await completeFreeOrder(tx, {
      order: order!,
      supplier: options.supplier,
      now: options.now,
      sendReceipt: false,
    });
    await recordAdminAction(tx, {
      admin,
      action: 'upgrade.grant',
      target: { type: 'listing', id: listing.id },
      reason: input.reason,
      details: {
        orderId: order!.id,
        productCode: product.code,
        invoice: formatInvoiceNumber(invoice.number),
        listPricePence: product.pricePence,
      },
    });
    return { orderId: order!.id, invoiceNumber: formatInvoiceNumber(invoice.number), granted };
  });
}

/** Ends one running or waiting upgrade now, with a reason (no refund is made here). */
export async function endUpgradeEarly(
  db: Database,
  options: { user: SessionUser | null; input: unknown; now: Date },
) {
  const admin = assertPaymentsAdmin(options.user);
  const parsed = endUpgradeInput.safeParse(options.input);
  if (!parsed.success) invalid(parsed.error);
  const input = parsed.data;
  return db.transaction(async (tx) => {
    const [ended] = await tx
      .update(upgrades)
      .set({ endedEarlyAt: options.now, endedReason: 'ended_by_admin' })
      .where(and(eq(upgrades.id, input.upgradeId), isNull(upgrades.endedEarlyAt)))
      .returning();
    if (!ended) throw new AppError('CONFLICT', 'This upgrade has already ended.');
    await recordAdminAction(tx, {
      admin,
      action: 'upgrade.end',
      target: { type: 'upgrade', id: ended.id },
      reason: input.reason,
      details: { kind: ended.kind, listingId: ended.listingId, orderId: ended.orderId },
    });
    return ended;
  });
}
