import type { Database } from '../../../db/client.ts';
import { homeAddressKey } from '../../../domain/sold-prices/address-key.ts';
import { pastListings } from '../home-history/schema.ts';
import type { NewListing } from '../listings/schema.ts';

const DAY_MS = 86_400_000;
/** One in this many demo homes for sale was listed before, and withdrawn. */
const RELISTED_EVERY = 10;

/**
 * Earlier listings of some demo homes, as purged listings leave them, so a new installation
 * shows 'This home on Roost before': listed about 14 months ago at a higher price, reduced,
 * withdrawn after four months. Their ids are negative: never those of a real listing.
 */
export function demoPastListings(homes: NewListing[], now: Date) {
  return homes.flatMap((home, index) => {
    if (home.channel !== 'sale' || index % RELISTED_EVERY !== 5) return [];
    const listedAt = new Date(now.getTime() - (420 + (index % 60)) * DAY_MS);
    return [
      {
        listingId: -(index + 1),
        addressKey: homeAddressKey(home.addressLine1, home.postcode),
        channel: 'sale' as const,
        rentPeriod: null,
        firstPrice: Math.ceil((home.price * 1.12) / 5_000) * 5_000,
        lastPrice: Math.ceil((home.price * 1.06) / 5_000) * 5_000,
        listedAt,
        endedAt: new Date(listedAt.getTime() + 120 * DAY_MS),
        outcome: 'withdrawn',
      },
    ];
  });
}

export async function insertDemoPastListings(db: Database, homes: NewListing[], now = new Date()) {
  const rows = demoPastListings(homes, now);
  if (rows.length) await db.insert(pastListings).values(rows).onConflictDoNothing();
  return rows.length;
}
