import type { NewListing } from '../listings/schema.ts';

const DAY_MS = 86_400_000;
/** One in this many live demo homes listed at least this long ago has had its price cut. */
const REDUCED_EVERY = 9;
const LISTED_FOR_DAYS = 12;

/**
 * A demo home's asking prices, oldest first, ending at its price now. Some live homes were
 * listed about 5 % higher and cut within the last month, so a new installation shows the
 * 'Reduced' badge and amount as a real one does. Picked by position, not drawn, so the rest of
 * the demo stays as it is.
 */
export function demoPriceHistory(
  listing: Pick<NewListing, 'status' | 'channel' | 'price' | 'rentPeriod' | 'publishedAt'>,
  index: number,
  now: Date,
): { price: number; changedAt: Date }[] {
  const listedAt = listing.publishedAt ?? now;
  const listedDays = (now.getTime() - listedAt.getTime()) / DAY_MS;
  const isCut =
    index % REDUCED_EVERY === 4 && listing.status === 'active' && listedDays >= LISTED_FOR_DAYS;
  if (!isCut) return [{ price: listing.price, changedAt: listedAt }];
  // Cut between 2 and 25 days ago, always after it was listed.
  const cutDaysAgo = 2 + (index % 24);
  const cutAt = new Date(
    Math.max(now.getTime() - cutDaysAgo * DAY_MS, listedAt.getTime() + DAY_MS),
  );
  return [
    { price: priceBefore(listing), changedAt: listedAt },
    { price: listing.price, changedAt: cutAt },
  ];
}

/** About 5 % more, rounded up as such prices are asked: £5,000, £25 pcm or £5 pw steps. */
function priceBefore({
  channel,
  price,
  rentPeriod,
}: Pick<NewListing, 'channel' | 'price' | 'rentPeriod'>) {
  const step = channel === 'sale' ? 5_000 : rentPeriod === 'week' ? 5 : 25;
  return Math.ceil((price * 1.05) / step) * step;
}
