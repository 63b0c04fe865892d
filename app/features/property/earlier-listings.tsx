import { Link } from 'react-router';
import { formatDate, formatPrice } from '@domain/format';
import type { EarlierListing } from '../../../server/marketplace/home-history/earlier-listings';

const OUTCOMES: Record<EarlierListing['outcome'], string> = {
  live: 'Still listed',
  withdrawn: 'Withdrawn',
  under_offer: 'Under offer, then taken down',
  sold_stc: 'Sold STC',
  let_agreed: 'Let agreed',
};

const priceOf = (listing: EarlierListing, price: number) =>
  formatPrice({
    channel: listing.channel,
    price,
    priceQualifier: null,
    rentPeriod:
      listing.rentPeriod === 'week' ? 'week' : listing.channel === 'rent' ? 'month' : null,
  });

/**
 * Every other time this home was advertised on Roost, however its address was typed and even
 * after the old listing was deleted: a relisted home cannot hide its time on the market.
 */
export function EarlierListings({ listings }: { listings: EarlierListing[] }) {
  if (!listings.length) return null;
  return (
    <section aria-labelledby="earlier-listings" className="property__history">
      <h2 id="earlier-listings">This home on Roost before</h2>
      <table>
        <caption className="visually-hidden">Other listings of this home, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Listed</th>
            <th scope="col">First price</th>
            <th scope="col">Last price</th>
            <th scope="col">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {listings.map((listing, index) => (
            <tr key={index}>
              <td>{formatDate(listing.listedAt)}</td>
              <td>{priceOf(listing, listing.firstPrice)}</td>
              <td>{priceOf(listing, listing.lastPrice)}</td>
              <td>
                {listing.listingId ? (
                  <Link to={`/property/${listing.listingId}`}>{OUTCOMES.live}</Link>
                ) : (
                  `${OUTCOMES[listing.outcome]}${listing.endedAt ? `, ${formatDate(listing.endedAt)}` : ''}`
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
