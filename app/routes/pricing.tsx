import { Link } from 'react-router';

export function meta() {
  return [
    { title: 'Pricing | Roost' },
    {
      name: 'description',
      content:
        'Listing a home for sale or to rent on Roost is free. Optional upgrades are coming soon.',
    },
  ];
}

const UPGRADES = [
  {
    name: 'Featured listing',
    summary:
      'Shown at the top of search results in your area for 14 days, with a highlighted card.',
  },
  {
    name: 'Premium photos',
    summary:
      'Room for up to 40 photos, floorplans and a video tour, with a gallery cover of your choice.',
  },
  {
    name: 'Refresh to top',
    summary:
      'Move your listing back to the top of “newest first” once, as if you had just listed it.',
  },
];

export default function Pricing() {
  return (
    <article className="content-page content-page--wide">
      <h1>Pricing</h1>
      <p className="lead">
        Listing your home on Roost is free, whether you are selling or letting. No commission, no
        listing fee, no charge when buyers or tenants get in touch.
      </p>
      <div className="pricing-grid">
        <section className="pricing-card pricing-card--featured" aria-labelledby="plan-free">
          <h2 id="plan-free">Free listing</h2>
          <p className="pricing-card__price">£0</p>
          <ul>
            <li>Homes for sale and to rent, anywhere in the UK</li>
            <li>Up to 20 photos and a floorplan</li>
            <li>Enquiries straight to your inbox</li>
            <li>Edit, pause or mark as sold or let at any time</li>
          </ul>
          <Link to="/property/new" className="button">
            List your home for free
          </Link>
        </section>
        {UPGRADES.map((upgrade) => (
          <section
            key={upgrade.name}
            className="pricing-card"
            aria-labelledby={`plan-${upgrade.name.replace(/\W+/g, '-').toLowerCase()}`}
          >
            <span className="tag">Coming soon</span>
            <h2 id={`plan-${upgrade.name.replace(/\W+/g, '-').toLowerCase()}`}>{upgrade.name}</h2>
            <p>{upgrade.summary}</p>
            <p className="pricing-card__note">
              Optional. Prices will be shown here, including VAT, before we take any payment.
            </p>
          </section>
        ))}
      </div>
      <h2>How paid upgrades will work</h2>
      <p>
        Upgrades will be one-off payments by card, Apple Pay or Google Pay. There will be no
        subscriptions and nothing renews automatically. Your listing stays free whether or not you
        buy an upgrade. See our <Link to="/payment-refund-policy">payment and refund policy</Link>.
      </p>
    </article>
  );
}
