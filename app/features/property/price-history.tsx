import { formatDate, formatPrice } from '@domain/format';
import { HISTORY_LABELS, listingHistory } from '@domain/listing/listing-history';
import type { PropertyListing } from './property-types';

/**
 * The listing's history: listed, each reduction or rise, relisted, under offer, sold STC or let
 * agreed, newest first. Shown once there is more than the listing itself to tell.
 */
export function PriceHistory({ listing }: { listing: PropertyListing }) {
  const history = listingHistory(listing.priceHistory, listing.statusHistory);
  if (history.length <= 1) return null;
  return (
    <section aria-labelledby="price-history" className="property__history">
      <h2 id="price-history">Price history</h2>
      <table>
        <caption className="visually-hidden">Changes to this listing, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Event</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {history.toReversed().map((entry, index) => (
            <tr key={index}>
              <td>{formatDate(entry.on)}</td>
              <th scope="row">{HISTORY_LABELS[entry.kind]}</th>
              <td>{formatPrice({ ...listing, price: entry.price })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
