import { Link } from 'react-router';
import { ListingCard } from '~/components/listing-card';
import { requireUser } from '../../server/auth/guards';
import type { Route } from './+types/favourites';

export function meta() {
  return [{ title: 'Your favourites | Roost' }, { name: 'robots', content: 'noindex' }];
}

/** Favourites kept on the server (merged with the browser's list on sign-in), with status. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context.user, request);
  return { listings: await context.marketplace.listingService.favourites.list(user) };
}

export default function Favourites({ loaderData }: Route.ComponentProps) {
  const { listings } = loaderData;
  return (
    <section className="page">
      <h1>Your favourites</h1>
      {listings.length === 0 ? (
        <p>
          You have not saved any homes yet. Tap <span aria-hidden="true">♡</span> Save on a listing
          to keep it here. <Link to="/search/for-sale/">Search homes for sale</Link> or{' '}
          <Link to="/search/for-rent/">to rent</Link>.
        </p>
      ) : (
        <div className="listing-grid">
          {listings.map((listing, index) => (
            <ListingCard key={listing.id} listing={listing} isAboveFold={index < 3} />
          ))}
        </div>
      )}
    </section>
  );
}
