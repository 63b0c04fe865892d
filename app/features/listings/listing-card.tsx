import { useHref, useLinkClickHandler } from 'react-router';
import { FavouriteButton } from '~/features/favourites/favourite-button';
import type { ListingSummary } from '../../../server/marketplace/listings/listing-summary';
import {
  formatDate,
  formatPrice,
  formatPriceNote,
  formatPropertyType,
  formatStatusBadge,
  pluralise,
} from '@domain/format';
import { imageSrcSet, imageUrl } from '@domain/images';
import { listingPath } from '@domain/listing/listing-url';

/**
 * The card's picture and title both link to the home as React Router's `<Link>` would (the same
 * href, client-side navigation on a plain click, `data-discover` for route discovery), from one
 * set of router hooks per card: each `<Link>` runs them for itself, and the cards' links were
 * the largest share of React Router's work in a search page's render (docs/performance.md §2).
 */
function useCardLink(to: string) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return { href, onClick, 'data-discover': 'true' };
}

export function ListingCard({
  listing,
  isAboveFold = false,
  isLead = false,
  placement,
}: {
  listing: ListingSummary;
  /** The first cards load eagerly; the rest wait until scrolled near. */
  isAboveFold?: boolean;
  /** The page's first picture, most likely its largest paint: fetched before other images. */
  isLead?: boolean;
  /** A paid placement this card is shown in: labelled on the card, for everyone to see. */
  placement?: 'Featured' | 'Showcase';
}) {
  const link = useCardLink(listingPath(listing));
  const statusBadge = formatStatusBadge(listing.status);
  const priceNote = formatPriceNote(listing);
  return (
    <article className={placement ? 'listing-card listing-card--placed' : 'listing-card'}>
      <a {...link} className="listing-card__media" tabIndex={-1} aria-hidden="true">
        {listing.cover ? (
          <img
            src={imageUrl(listing.cover.key, 640)}
            srcSet={imageSrcSet(listing.cover.key, 960)}
            sizes="(min-width: 1100px) 340px, (min-width: 700px) 45vw, calc(100vw - 2rem)"
            width={listing.cover.width}
            height={listing.cover.height}
            alt=""
            loading={isAboveFold || isLead ? 'eager' : 'lazy'}
            fetchPriority={isLead ? 'high' : undefined}
            decoding="async"
          />
        ) : (
          <div className="listing-card__no-photo">No photo yet</div>
        )}
        {statusBadge ? <span className="badge badge--status">{statusBadge}</span> : null}
        {listing.isNew ? (
          <span className="badge badge--new">New</span>
        ) : listing.isReduced ? (
          <span className="badge badge--reduced">Reduced</span>
        ) : null}
      </a>
      <div className="listing-card__favourite">
        <FavouriteButton listingId={listing.id} title={listing.title} />
      </div>
      <div className="listing-card__body">
        {placement ? <p className="listing-card__placement">{placement}</p> : null}
        <p className="listing-card__price">
          {priceNote && listing.channel === 'sale' ? (
            <span className="listing-card__qualifier">{priceNote} </span>
          ) : null}
          <strong>{formatPrice(listing)}</strong>
          {priceNote && listing.channel === 'rent' ? (
            <span className="listing-card__qualifier"> ({priceNote})</span>
          ) : null}
        </p>
        <h3 className="listing-card__title">
          <a {...link}>{listing.title}</a>
        </h3>
        <p className="listing-card__address">{listing.displayAddress}</p>
        <p className="listing-card__facts">
          <span>{formatPropertyType(listing.propertyType)}</span>
          {listing.bedrooms > 0 ? <span>{pluralise(listing.bedrooms, 'bed')}</span> : null}
          {listing.bathrooms > 0 ? <span>{pluralise(listing.bathrooms, 'bath')}</span> : null}
        </p>
        {listing.publishedAt ? (
          // Always the date it was first listed: a paid bump moves a home up 'Newest first' only.
          <p className="listing-card__listed">Added {formatDate(listing.publishedAt)}</p>
        ) : null}
      </div>
    </article>
  );
}
