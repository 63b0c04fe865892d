import { Form, Link } from 'react-router';
import { ListingCard } from '~/features/listings/listing-card';
import { ShowcaseSlots } from '~/features/listings/showcase-slots';
import { LocationCombobox } from '~/features/search/location-combobox';
import { ReturningVisitorSlot } from '~/features/search/returning-visitor-slot';
import type { Route } from './+types/home';

export function meta(): Route.MetaDescriptors {
  return [
    { title: 'Roost — homes for sale and to rent across the UK, listed free' },
    {
      name: 'description',
      content:
        'Search homes for sale and to rent across England, Scotland, Wales and Northern Ireland. Private sellers and landlords list free on Roost.',
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const [forSale, toRent, showcase] = await Promise.all([
    context.marketplace.listings.findRecent({ channel: 'sale', limit: 8 }),
    context.marketplace.listings.findRecent({ channel: 'rent', limit: 4 }),
    context.marketplace.search.showcase(),
  ]);
  return { forSale, toRent, showcase };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { forSale, toRent, showcase } = loaderData;
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <h1 id="hero-title">Find your next home, or list yours for free</h1>
          <p className="hero__lead">
            Homes for sale and to rent from private sellers and landlords across the UK. No fees to
            list, no fees to contact.
          </p>
          <Form method="get" action="/search/for-sale/" className="hero-search" role="search">
            <label htmlFor="hero-location" className="visually-hidden">
              Town, city or postcode
            </label>
            <LocationCombobox
              id="hero-location"
              name="location"
              defaultValue=""
              placeholder="e.g. Leeds, SW4 or Cardiff"
            />
            <button type="submit" className="button">
              For sale
            </button>
            <button
              type="submit"
              className="button button--secondary"
              formAction="/search/for-rent/"
            >
              To rent
            </button>
          </Form>
        </div>
      </section>
      <ReturningVisitorSlot />
      {showcase.length > 0 ? <ShowcaseSlots listings={showcase} /> : null}
      <section className="page" aria-labelledby="recent-sale">
        <div className="section-heading">
          <h2 id="recent-sale">Recently added for sale</h2>
          <Link to="/search/for-sale/">See all homes for sale</Link>
        </div>
        <div className="listing-grid">
          {forSale.map((listing, index) => (
            <ListingCard
              key={listing.id}
              listing={listing}
              isAboveFold={index < 4}
              isLead={index === 0}
            />
          ))}
        </div>
      </section>
      <section className="page" aria-labelledby="recent-rent">
        <div className="section-heading">
          <h2 id="recent-rent">Recently added to rent</h2>
          <Link to="/search/for-rent/">See all homes to rent</Link>
        </div>
        <div className="listing-grid">
          {toRent.map((listing) => (
            <ListingCard key={listing.id} listing={listing} />
          ))}
        </div>
      </section>
    </>
  );
}
