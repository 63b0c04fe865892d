import { imageSrcSet, imageUrl } from '@domain/images';
import type { PropertyListing } from './property-types';

/** The floorplans, lazily loaded at the column's width (a phone takes 720 px, not 1,280). */
function Floorplans({ plans }: { plans: PropertyListing['floorplans'] }) {
  return (
    <section aria-labelledby="floorplans">
      <h2 id="floorplans">Floorplans</h2>
      {plans.map((plan, index) => (
        <img
          key={plan.blobKey}
          src={imageUrl(plan.blobKey, 1280)}
          srcSet={imageSrcSet(plan.blobKey)}
          sizes="(min-width: 1100px) 1040px, calc(100vw - 2rem)"
          width={plan.width}
          height={plan.height}
          alt={plan.caption || `Floorplan ${index + 1}`}
          loading="lazy"
          decoding="async"
          className="property__floorplan"
        />
      ))}
    </section>
  );
}

/** Links to the lister's videos and virtual tours, on other sites (so no referrer, no follow). */
function Tours({ tours }: { tours: PropertyListing['tours'] }) {
  return (
    <section aria-labelledby="tours">
      <h2 id="tours">Videos and virtual tours</h2>
      <ul>
        {tours.map((tour, index) => (
          <li key={index}>
            <a href={tour.url} rel="noopener noreferrer nofollow ugc" target="_blank">
              {tour.title || (tour.kind === 'tour' ? 'Virtual tour' : 'Video')}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The floorplans and tours, each section only when the listing has some. */
export function PropertyMedia({ listing }: { listing: PropertyListing }) {
  return (
    <>
      {listing.floorplans.length ? <Floorplans plans={listing.floorplans} /> : null}
      {listing.tours.length ? <Tours tours={listing.tours} /> : null}
    </>
  );
}
