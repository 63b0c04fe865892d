import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { promoActiveInput, promoCodeInput } from '../../../domain/campaigns/campaign-inputs.ts';
import type { ProductCode } from '../../../domain/payments/catalogue.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { fieldErrorsOf } from '../../../domain/validation/field-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';
import type { Tx } from '../payments/payment-records.ts';
import { assertPaymentsAdmin } from '../payments/require-payments-admin.ts';
import { promoCodes, promoRedemptions, type PromoCode } from './schema.ts';

export function discountFor(promo: PromoCode, pricePence: number): number {
  const off =
    promo.kind === 'percent'
      ? Math.round((pricePence * (promo.percentOff ?? 0)) / 100)
      : (promo.amountOffPence ?? 0);
  return Math.min(pricePence, Math.max(0, off));
}

const invalid = (message: string) =>
  new AppError('VALIDATION_FAILED', message, { promoCode: message });

/**
 * Locks the code's row for the rest of the transaction (concurrent checkouts with one code take
 * turns, so neither the use limit nor once-per-buyer can be overrun) and checks it applies.
 * Returns the code and the discount; the caller records the use with `recordPromoUse`.
 */
export async function lockPromoCode(
  tx: Tx,
  options: {
    code: string;
    buyerSub: string;
    productCode: ProductCode;
    pricePence: number;
    now: Date;
  },
): Promise<{ promo: PromoCode; discountPence: number }> {
  const [promo] = await tx
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.code, options.code))
    .for('update');
  if (!promo || !promo.isActive) throw invalid('We don’t recognise this code');
  if (promo.validFrom && options.now < promo.validFrom) throw invalid('This code is not valid yet');
  if (promo.validTo && options.now >= promo.validTo) throw invalid('This code has expired');
  if (promo.productCodes.length > 0 && !promo.productCodes.includes(options.productCode)) {
    throw invalid('This code doesn’t apply to this upgrade');
  }
  if (promo.maxUses !== null && promo.usesCount >= promo.maxUses) {
    throw invalid('This code has been used up');
  }
  if (promo.isOncePerUser) {
    const [used] = await tx
      .select({ n: count() })
      .from(promoRedemptions)
      .where(
        and(
          eq(promoRedemptions.promoCodeId, promo.id),
          eq(promoRedemptions.buyerSub, options.buyerSub),
        ),
      );
    if ((used?.n ?? 0) > 0) throw invalid('You have already used this code');
  }
  return { promo, discountPence: discountFor(promo, options.pricePence) };
}

/** Counts one use of a locked code by an order just written. */
export async function recordPromoUse(
  tx: Tx,
  options: { promo: PromoCode; orderId: number; buyerSub: string; discountPence: number },
): Promise<void> {
  await tx.insert(promoRedemptions).values({
    promoCodeId: options.promo.id,
    orderId: options.orderId,
    buyerSub: options.buyerSub,
    discountPence: options.discountPence,
  });
  await tx
    .update(promoCodes)
    .set({ usesCount: sql`${promoCodes.usesCount} + 1` })
    .where(eq(promoCodes.id, options.promo.id));
}

export async function listPromoCodes(db: Database, options: { user: SessionUser | null }) {
  assertPaymentsAdmin(options.user);
  return db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
}

export async function createPromoCode(
  db: Database,
  options: { user: SessionUser | null; input: unknown },
): Promise<PromoCode> {
  const admin = assertPaymentsAdmin(options.user);
  const parsed = promoCodeInput.safeParse(options.input);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Check the highlighted fields.',
      fieldErrorsOf(parsed.error),
    );
  }
  const input = parsed.data;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(promoCodes)
      .values({
        code: input.code,
        kind: input.kind,
        percentOff: input.kind === 'percent' ? input.percentOff : null,
        amountOffPence: input.kind === 'amount' ? input.amountOff : null,
        validFrom: input.validFrom ?? null,
        validTo: input.validTo ?? null,
        maxUses: input.maxUses ?? null,
        isOncePerUser: input.isOncePerUser,
        productCodes: input.productCodes,
        createdBy: admin.userId,
      })
      .onConflictDoNothing({ target: promoCodes.code })
      .returning();
    if (!row) {
      throw new AppError('CONFLICT', 'That code already exists.', {
        code: 'That code already exists; choose another',
      });
    }
    await recordAdminAction(tx, {
      admin,
      action: 'promo.create',
      target: { type: 'promo-code', id: row.id },
      details: {
        code: row.code,
        kind: row.kind,
        percentOff: row.percentOff,
        amountOffPence: row.amountOffPence,
        maxUses: row.maxUses,
        productCodes: row.productCodes,
      },
    });
    return row;
  });
}

/** Switches a code on or off (codes are never deleted: orders point at them). */
export async function setPromoCodeActive(
  db: Database,
  options: { user: SessionUser | null; input: unknown },
): Promise<PromoCode> {
  const admin = assertPaymentsAdmin(options.user);
  const parsed = promoActiveInput.safeParse(options.input);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Choose a promo code.');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(promoCodes)
      .set({ isActive: parsed.data.isActive })
      .where(eq(promoCodes.id, parsed.data.promoCodeId))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'No such promo code.');
    await recordAdminAction(tx, {
      admin,
      action: 'promo.update',
      target: { type: 'promo-code', id: row.id },
      details: { code: row.code, isActive: row.isActive },
    });
    return row;
  });
}
