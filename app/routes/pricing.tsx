import { Link } from 'react-router';
import { describeEntitlement, durationOf } from '@domain/payments/describe';
import { formatPence } from '@domain/format';
import { describeMediaLimits } from '@domain/listing/media-limits';
import type { Route } from './+types/pricing';

export function meta() {
  return [
    { title: 'Pricing | Roost' },
    {
      name: 'description',
      content:
        'Listing a home for sale or to rent on Roost is free. Optional upgrades add visibility; prices include VAT.',
    },
  ];
}

/** The catalogue as stored (admins may change it), prices in pence including VAT. */
export async function loader({ context }: Route.LoaderArgs) {
  return {
    products: await context.marketplace.payments.products(),
    mediaLimits: context.marketplace.media.limits,
  };
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { products, mediaLimits } = loaderData;
  return (
    <article className="content-page content-page--wide">
      <h1>Pricing</h1>
      <p className="lead">
        Listing your home on Roost is free, whether you are selling or letting. No commission, no
        listing fee, no charge when buyers or tenants get in touch. Upgrades are optional and only
        add visibility.
      </p>
      <div className="pricing-grid">
        <section className="pricing-card pricing-card--featured" aria-labelledby="plan-free">
          <h2 id="plan-free">Free listing</h2>
          <p className="pricing-card__price">£0</p>
          <ul>
            <li>Homes for sale and to rent, anywhere in the UK</li>
            <li>{describeMediaLimits(mediaLimits)}</li>
            <li>Enquiries straight to your inbox</li>
            <li>Edit, pause or mark as sold or let at any time</li>
          </ul>
          <Link to="/property/new" className="button">
            List your home for free
          </Link>
        </section>
        {products.map((product) => (
          <section
            key={product.code}
            className="pricing-card"
            aria-labelledby={`plan-${product.code}`}
            data-testid="pricing-product"
          >
            <h2 id={`plan-${product.code}`}>{product.name}</h2>
            <p className="pricing-card__price">{formatPence(product.pricePence)}</p>
            <p className="pricing-card__note">
              Including VAT of {formatPence(product.vatPence)} · {durationOf(product.entitlements)}
            </p>
            <p>{product.description}</p>
            <ul>
              {product.entitlements.map((entitlement) => (
                <li key={entitlement.kind}>{describeEntitlement(entitlement)}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      {products.length === 0 ? (
        <p className="empty-state">No upgrades are on sale at the moment.</p>
      ) : null}
      <h2>How to buy an upgrade</h2>
      <ol>
        <li>
          Sign in and open <Link to="/my-account">My account</Link>.
        </li>
        <li>
          Choose one of your listings and select ‘Manage’. Upgrades are sold only for listings you
          own that are on Roost (not paused, sold subject to contract or let agreed).
        </li>
        <li>Pick an upgrade, check the price and pay by card, Apple Pay or Google Pay.</li>
      </ol>
      <p>
        Every upgrade is a one-off payment: there are no subscriptions and nothing renews
        automatically. Prices include VAT at 20 % and you get a VAT receipt by e-mail and in My
        account. Your listing stays free whether or not you buy an upgrade. You may cancel within 14
        days and get back the unused part. See our{' '}
        <Link to="/payment-refund-policy">payment and refund policy</Link>.
      </p>
    </article>
  );
}
