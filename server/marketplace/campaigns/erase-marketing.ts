import { eq } from 'drizzle-orm';
import type { ErasureTarget, ErasureTx } from '../erasure-target.ts';
import { campaignDeliveries, marketingConsents } from './schema.ts';

/**
 * Erasure's step for marketing: the consent record and the campaign deliveries to the person
 * are deleted. Without a consent row nobody is mailed, so a campaign still sending skips them.
 * Promo code redemptions stay with the orders they discounted (kept for the tax records).
 */
export async function eraseMarketing(tx: ErasureTx, target: ErasureTarget): Promise<number> {
  await tx.delete(campaignDeliveries).where(eq(campaignDeliveries.recipientSub, target.sub));
  const deleted = await tx
    .delete(marketingConsents)
    .where(eq(marketingConsents.userSub, target.sub))
    .returning({ id: marketingConsents.id });
  return deleted.length;
}
