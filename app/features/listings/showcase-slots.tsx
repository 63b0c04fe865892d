import type { ListingSummary } from '../../../server/marketplace/listings/listing-summary';
import { ListingCard } from './listing-card';

/** Showcase slots (a paid upgrade) on the home page, or on a town's page: each card labelled. */
export function ShowcaseSlots({ listings, place }: { listings: ListingSummary[]; place?: string }) {
  return (
    <section
      className={place ? 'showcase-slots' : 'page showcase-slots'}
      aria-labelledby="showcase-title"
    >
      <div className="section-heading">
        <h2 id="showcase-title">{place ? `Showcase homes in ${place}` : 'Showcase homes'}</h2>
      </div>
      <div className="listing-grid">
        {listings.map((listing) => (
          <ListingCard key={listing.id} listing={listing} placement="Showcase" />
        ))}
      </div>
    </section>
  );
}
