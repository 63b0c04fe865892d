import { eq } from 'drizzle-orm';
import type { ErasureTarget, ErasureTx } from '../erasure-target.ts';
import { favouriteAlertEvents, favouriteAlertSettings, favourites } from './schema.ts';

/**
 * Erasure's step for favourites: the person's favourites and their notes are deleted, with
 * their saved-home e-mail choices (and address) and the changes waiting to be told.
 */
export async function eraseFavourites(tx: ErasureTx, target: ErasureTarget): Promise<number> {
  await tx.delete(favouriteAlertEvents).where(eq(favouriteAlertEvents.userSub, target.sub));
  await tx.delete(favouriteAlertSettings).where(eq(favouriteAlertSettings.userSub, target.sub));
  const deleted = await tx
    .delete(favourites)
    .where(eq(favourites.userSub, target.sub))
    .returning({ id: favourites.listingId });
  return deleted.length;
}
