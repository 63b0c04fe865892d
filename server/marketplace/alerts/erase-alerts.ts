import { eq } from 'drizzle-orm';
import type { ErasureTarget, ErasureTx } from '../erasure-target.ts';
import { hiddenListings, savedSearches } from './schema.ts';

/** Erasure's step for alerts: saved searches (with their deliveries) and hidden listings go. */
export async function eraseAlerts(tx: ErasureTx, target: ErasureTarget): Promise<number> {
  await tx.delete(hiddenListings).where(eq(hiddenListings.ownerSub, target.sub));
  const deleted = await tx
    .delete(savedSearches)
    .where(eq(savedSearches.ownerSub, target.sub))
    .returning({ id: savedSearches.id });
  return deleted.length;
}
