import { Link } from 'react-router';
import { useIsHydrated } from '~/components/use-browser-value';
import { ListingCard } from '~/features/listings/listing-card';
import { useListingCards } from './api/listing-cards';
import { useSearchResults } from './api/search-results';
import { lastSearch, recentlyViewed } from './visitor-memory';

/**
 * For a returning visitor (who allowed optional storage): the newest homes for their last search
 * and the homes they looked at recently. Nothing renders on the server or for first visits.
 */
export function ReturningVisitor() {
  const isBrowser = useIsHydrated();
  const search = isBrowser ? lastSearch() : undefined;
  const viewedIds = isBrowser ? recentlyViewed() : [];
  const newest = useSearchResults(search ? `${search.api}&limit=4` : undefined);
  const viewed = useListingCards(viewedIds);
  return (
    <>
      {search && newest.data && newest.data.items.length > 0 ? (
        <section className="page" aria-labelledby="continue-search">
          <div className="section-heading">
            <h2 id="continue-search">Newest for your last search</h2>
            <Link to={search.href}>{search.label}</Link>
          </div>
          <div className="listing-grid">
            {newest.data.items.map((listing) => (
              <ListingCard key={listing.id} listing={listing} />
            ))}
          </div>
        </section>
      ) : null}
      {viewed.data && viewed.data.length > 0 ? (
        <section className="page" aria-labelledby="recently-viewed">
          <div className="section-heading">
            <h2 id="recently-viewed">Recently viewed</h2>
          </div>
          <div className="listing-grid">
            {viewed.data.map((listing) => (
              <ListingCard key={listing.id} listing={listing} />
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}
