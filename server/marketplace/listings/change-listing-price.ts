import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { depositCapFor } from '../../../domain/lettings/check-let.ts';
import { poundsFromInput } from '../../../domain/price-input.ts';
import { AppError } from '../../http/app-error.ts';
import { nationOfPostcode } from './let-context.ts';
import { loadOwnedListing } from './load-owned-listing.ts';
import { listingPriceHistory, listings } from './schema.ts';

export const priceInput = z.object({
  // As people type it: '£325,000', '325k', '1,250 pcm'.
  price: z.preprocess(
    poundsFromInput,
    z.coerce
      .number({ message: 'Enter the new price as a number, such as 325,000 or 325k' })
      .int('Enter the price in whole pounds')
      .min(1, 'Enter a price of at least £1')
      .max(100_000_000, 'Check the price: it looks too high'),
  ),
});

/** A new asking price, recorded in the price history (a drop shows as 'Reduced on <date>'). */
export async function changeListingPrice(
  db: Database,
  options: { listingId: number; userSub: string; input: unknown; now?: Date },
): Promise<{ price: number }> {
  const parsed = priceInput.safeParse(options.input);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 'Check the price.', {
      price: parsed.error.issues[0]!.message,
    });
  }
  const listing = await loadOwnedListing(db, options.listingId, options.userSub);
  const { price } = parsed.data;
  const nation = nationOfPostcode(listing.postcode);
  if (listing.channel === 'rent' && listing.deposit !== null && nation) {
    const cap = depositCapFor(nation, price, listing.rentPeriod ?? 'month');
    if (cap && listing.deposit > cap.max) {
      throw new AppError('VALIDATION_FAILED', 'The deposit would be over the legal cap.', {
        price: `At this rent the deposit can be at most £${cap.max.toLocaleString('en-GB')} in ${nation} (${cap.description}); lower the deposit first (edit the listing)`,
      });
    }
  }
  if (price === listing.price) return { price };
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    await tx.update(listings).set({ price }).where(eq(listings.id, listing.id));
    await tx.insert(listingPriceHistory).values({ listingId: listing.id, price, changedAt: now });
  });
  return { price };
}
