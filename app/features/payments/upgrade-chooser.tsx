import { Link } from 'react-router';
import type { Entitlement } from '@domain/payments/catalogue';
import { describeEntitlement } from '@domain/payments/describe';
import { canBuyUpgradeFor, whyNotPurchasable } from '@domain/payments/rules';
import { formatPence } from '@domain/format';

interface ChooserProduct {
  code: string;
  name: string;
  pricePence: number;
  entitlements: Entitlement[];
}

/** On the lister's own listing page: the upgrades on sale, each a link to its checkout. */
export function UpgradeChooser({
  listing,
  products,
}: {
  listing: { id: number; status: string };
  products: ChooserProduct[];
}) {
  const canBuy = canBuyUpgradeFor({ status: listing.status });
  return (
    <section aria-labelledby="upgrades" className="upgrade-chooser">
      <h2 id="upgrades">Upgrades</h2>
      <p>
        Your listing is free. An upgrade is an optional one-off payment that adds visibility; prices
        include VAT. <Link to="/pricing">What each upgrade does</Link>.
      </p>
      {!canBuy ? (
        <p className="alert alert--info">{whyNotPurchasable(listing.status)}</p>
      ) : products.length === 0 ? (
        <p>No upgrades are on sale at the moment.</p>
      ) : (
        <ul className="upgrade-chooser__list">
          {products.map((product) => (
            <li key={product.code} data-testid="upgrade-option">
              <span>
                <strong>{product.name}</strong> · {formatPence(product.pricePence)}
                <span className="upgrade-chooser__parts">
                  {' '}
                  ({product.entitlements.map(describeEntitlement).join(', ')})
                </span>
              </span>
              <Link
                className="button button--small button--secondary"
                to={`/my-account/listings/${listing.id}/upgrade/${product.code}`}
                aria-label={`Buy ${product.name} for ${formatPence(product.pricePence)}`}
              >
                Buy
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
