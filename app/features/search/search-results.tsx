import { Form, Link } from 'react-router';
import { Button, buttonClass } from '~/components/ui/button';
import { ListingCard } from '~/features/listings/listing-card';
import { pluralise } from '@domain/format';
import { RADIUS_MILES } from '@domain/search/search-params';
import type { SearchResultItem } from '../../../server/marketplace/search/search-listings';
import { hasFilters, radiusLabel } from './filter-options';
import { pathFor, searchWith, type SearchPlace } from './search-url';

/** 'Hide from my results' for a signed-in visitor (works without JavaScript). */
function HideButton({ listing }: { listing: SearchResultItem }) {
  return (
    <Form method="post" className="search-result__hide">
      <input type="hidden" name="intent" value="hide" />
      <input type="hidden" name="listingId" value={listing.id} />
      <Button
        type="submit"
        variant="link"
        aria-label={`Hide ${listing.title}, ${listing.displayAddress}, from my results`}
      >
        Hide from my results
      </Button>
    </Form>
  );
}

/**
 * The page of results: its Featured homes pinned first (labelled), then the ordinary results,
 * each card with its distance, and a size note when size is filtered.
 */
export function SearchResults({
  search,
  featured,
  items,
  isSignedIn,
}: {
  search: SearchPlace;
  featured: SearchResultItem[];
  items: SearchResultItem[];
  isSignedIn: boolean;
}) {
  const isAreaFiltered = search.query.minArea !== undefined || search.query.maxArea !== undefined;
  const cards = [
    ...featured.map((listing) => ({ listing, isFeatured: true })),
    ...items.map((listing) => ({ listing, isFeatured: false })),
  ];
  return (
    <>
      {/* The cards' titles are h3s: this keeps the page's headings in order for screen readers. */}
      <h2 className="visually-hidden">Results</h2>
      <div className="listing-grid">
        {cards.map(({ listing, isFeatured }, index) => (
          <div
            key={listing.id}
            className="search-result"
            data-placement={isFeatured ? 'featured' : undefined}
          >
            {/* Not `isLead`: on a phone the first card is below the filters, where a picture
                fetched at high priority only delays the first paint (docs/performance.md). */}
            <ListingCard
              listing={listing}
              isAboveFold={index < 3}
              placement={isFeatured ? 'Featured' : undefined}
            />
            <p className="search-result__extra">
              {listing.distanceMiles !== null
                ? `${listing.distanceMiles.toFixed(1)} miles away`
                : null}
              {isAreaFiltered && listing.floorAreaSqFt === null ? ' Size not stated' : null}
            </p>
            {isSignedIn ? <HideButton listing={listing} /> : null}
          </div>
        ))}
      </div>
    </>
  );
}

/**
 * No matches: around a location, 'no homes here — try 1 mile / 3 miles / 5 miles' with how many
 * each would find; otherwise the next radius out; and dropping the filters.
 */
export function NoResults({
  search,
  hasLocation,
  widerCounts = [],
}: {
  search: SearchPlace;
  hasLocation: boolean;
  widerCounts?: { miles: number; total: number }[];
}) {
  const { channel, query, placeSlug } = search;
  const wider = RADIUS_MILES.find((miles) => miles > query.radius);
  // Only when a wider circle would find something; otherwise the filters are the problem.
  if (hasLocation && widerCounts.some(({ total }) => total > 0)) {
    return (
      <div className="empty-state">
        <h2>No homes here</h2>
        <p>Try a little further out:</p>
        <ul className="empty-state__actions empty-state__wider">
          {widerCounts.map(({ miles, total }) => (
            <li key={miles}>
              <Link
                className={buttonClass({ variant: total > 0 ? 'primary' : 'secondary' })}
                to={searchWith(search, { radius: miles, page: 1 })}
              >
                {miles === 1 ? '1 mile' : `${miles} miles`} ({pluralise(total, 'home')})
              </Link>
            </li>
          ))}
        </ul>
        {hasFilters(query) ? (
          <p>
            <Link
              to={pathFor(channel, { location: query.location, radius: query.radius }, placeSlug)}
            >
              Remove filters
            </Link>
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="empty-state">
      <h2>No homes match your search</h2>
      <p>Try widening your search: </p>
      <p className="empty-state__actions">
        {hasLocation && wider !== undefined ? (
          <Link className={buttonClass()} to={searchWith(search, { radius: wider, page: 1 })}>
            Widen to {radiusLabel(wider).replace('Within ', '')}
          </Link>
        ) : null}
        {hasFilters(query) ? (
          <Link
            className={buttonClass({ variant: 'secondary' })}
            to={pathFor(channel, { location: query.location, radius: query.radius }, placeSlug)}
          >
            Remove filters
          </Link>
        ) : null}
      </p>
    </div>
  );
}
