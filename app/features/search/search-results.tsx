import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { ListingCard } from '~/features/listings/listing-card';
import type { SearchResultItem } from '../../../server/marketplace/search/search-listings';
import type { SearchPlace } from './search-url';

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
