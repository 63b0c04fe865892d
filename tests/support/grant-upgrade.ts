import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { ProductCode } from '../../domain/payments/catalogue.ts';
import { IMMEDIATE_START_WORDING } from '../../domain/payments/rules.ts';
import { grantUpgrades } from '../../server/marketplace/payments/grant-upgrades.ts';
import { orders, products } from '../../server/marketplace/payments/schema.ts';

/**
 * Gives a listing what a paid order of the product gives it, through the real grant use case
 * (the one the verified payment webhook runs), without a checkout: for placement tests.
 */
export async function grantUpgrade(
  db: Database,
  options: { listingId: number; productCode: ProductCode; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date();
  const [product] = await db.select().from(products).where(eq(products.code, options.productCode));
  if (!product) throw new Error(`No product ${options.productCode}`);
  await db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        buyerSub: 'owner-1',
        listingId: options.listingId,
        listingTitle: 'Test listing',
        productCode: product.code,
        productName: product.name,
        entitlements: product.entitlements,
        pricePence: product.pricePence,
        amountPence: product.pricePence,
        idempotencyKey: randomUUID(),
        startImmediately: true,
        immediateStartAcknowledgedAt: now,
        immediateStartWording: IMMEDIATE_START_WORDING,
      })
      .returning();
    await grantUpgrades(tx, order!, now);
  });
}
