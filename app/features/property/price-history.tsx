import { formatDate, formatPrice } from '@domain/format';
import type { PropertyListing } from './property-types';

/** Each price the listing has had; shown only once the price has changed. */
export function PriceHistory({ listing }: { listing: PropertyListing }) {
  if (listing.priceHistory.length <= 1) return null;
  return (
    <section aria-labelledby="price-history">
      <h2 id="price-history">Price history</h2>
      <ul>
        {listing.priceHistory.map((entry, index) => (
          <li key={index}>
            {formatDate(entry.changedAt)}: {formatPrice({ ...listing, price: entry.price })}
          </li>
        ))}
      </ul>
    </section>
  );
}
