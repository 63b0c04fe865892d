import { eq } from 'drizzle-orm';
import type { ErasureTarget, ErasureTx } from '../erasure-target.ts';
import { favourites } from './schema.ts';

/** Erasure's step for favourites: the person's favourites and their notes are deleted. */
export async function eraseFavourites(tx: ErasureTx, target: ErasureTarget): Promise<number> {
  const deleted = await tx
    .delete(favourites)
    .where(eq(favourites.userSub, target.sub))
    .returning({ id: favourites.listingId });
  return deleted.length;
}
