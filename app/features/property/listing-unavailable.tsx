import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';

/** The property page's error page: gone (404, 410) or not loaded (anything else). */
export function ListingUnavailable({ isGone }: { isGone: boolean }) {
  return (
    <section className="page narrow">
      <title>Listing not available | Roost</title>
      <h1>This listing is no longer available</h1>
      <p>
        {isGone
          ? 'The home you are looking for has been taken off the market or never existed.'
          : 'Sorry, something went wrong while loading this listing.'}
      </p>
      <p>
        <Link className={buttonClass()} to="/search/for-sale/">
          Search homes for sale
        </Link>{' '}
        <Link className={buttonClass({ variant: 'secondary' })} to="/search/for-rent/">
          Search homes to rent
        </Link>
      </p>
    </section>
  );
}
