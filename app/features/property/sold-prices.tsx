import { Link } from 'react-router';
import { formatDate, formatPounds } from '@domain/format';
import { PRICE_PAID_ATTRIBUTION } from '@domain/sold-prices/attribution';
import {
  PROPERTY_TYPES,
  TENURES,
  type SoldPropertyType,
  type SoldTenure,
} from '@domain/sold-prices/price-paid-record';
import type {
  SoldPrice,
  SoldPricesAroundListing,
} from '../../../server/marketplace/sold-prices/find-sold-prices';

/** 'Terraced · Freehold · New build': what kind of home sold, in the publisher's own terms. */
export function saleKind(sale: Omit<SoldPrice, 'address'>): string {
  return [
    PROPERTY_TYPES[sale.propertyType as SoldPropertyType],
    TENURES[sale.tenure as SoldTenure],
    sale.isNewBuild ? 'New build' : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The publisher's credit, and a label when any of the sales are the demo's made-up ones. */
export function SoldPricesCredit({ sales }: { sales: { isDemo: boolean }[] }) {
  return (
    <>
      {sales.some((sale) => sale.isDemo) ? (
        <p className="sold-prices__demo">
          <strong>Demo data:</strong> these sales are made up for Roost&rsquo;s demonstration homes,
          not real Land Registry records.
        </p>
      ) : null}
      <p className="sold-prices__credit">
        {PRICE_PAID_ATTRIBUTION} <Link to="/data-sources">About our data sources</Link>
      </p>
    </>
  );
}

export function SoldPriceList({ sales }: { sales: SoldPrice[] }) {
  return (
    <ul className="sold-prices__list">
      {sales.map((sale, index) => (
        <li key={index}>
          <span className="sold-prices__address">{sale.address}</span>{' '}
          <strong>{formatPounds(sale.price)}</strong>, {formatDate(sale.soldOn)}
          <span className="sold-prices__kind">{saleKind(sale)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Sold prices on the property page: this home's own sales (without its address, which the
 * lister may keep private) and recent sales in its street, then its postcode sector.
 */
export function SoldPrices({
  soldPrices,
  country,
}: {
  soldPrices: SoldPricesAroundListing;
  country: string;
}) {
  const { home, nearby, street } = soldPrices;
  const isCovered = country === 'England' || country === 'Wales';
  return (
    <section aria-labelledby="sold-prices" className="property__sold sold-prices">
      <h2 id="sold-prices">Sold prices</h2>
      {!isCovered ? (
        <p>
          HM Land Registry publishes sold prices for England and Wales only, so none are shown for
          homes in {country}.
        </p>
      ) : home.length === 0 && nearby.length === 0 ? (
        <p>No sales of this home or nearby homes are recorded yet.</p>
      ) : null}
      {home.length ? (
        <>
          <h3>Sold history for this home</h3>
          <table>
            <caption className="visually-hidden">Sales of this home, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Price</th>
                <th scope="col">Home</th>
              </tr>
            </thead>
            <tbody>
              {home.map((sale, index) => (
                <tr key={index}>
                  <td>{formatDate(sale.soldOn)}</td>
                  <td>{formatPounds(sale.price)}</td>
                  <td>{saleKind(sale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      {nearby.length ? (
        <>
          <h3>Recently sold nearby</h3>
          <SoldPriceList sales={nearby} />
          {street ? (
            <p>
              <Link to={`/sold-prices/${street.district.toLowerCase()}/${street.slug}`}>
                All sold prices in this street
              </Link>
            </p>
          ) : null}
        </>
      ) : null}
      {home.length || nearby.length ? <SoldPricesCredit sales={[...home, ...nearby]} /> : null}
    </section>
  );
}
