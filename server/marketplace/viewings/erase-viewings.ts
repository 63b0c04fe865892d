import { eq } from 'drizzle-orm';
import type { ErasureTarget, ErasureTx } from '../erasure-target.ts';
import { viewings } from './schema.ts';

/**
 * Erasure's step for viewings: those the person booked (with their name, address and note) are
 * deleted, booked or not. Viewings others booked at the person's homes are those people's own
 * and stay with the listing until it is purged.
 */
export async function eraseViewings(tx: ErasureTx, target: ErasureTarget): Promise<number> {
  const deleted = await tx
    .delete(viewings)
    .where(eq(viewings.bookerSub, target.sub))
    .returning({ id: viewings.id });
  return deleted.length;
}
