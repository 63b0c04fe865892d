import { PageLink } from '~/components/page-link';
import { FavouriteButton } from '~/features/favourites/favourite-button';
import type { ListingSummary } from '../../../server/marketplace/listings/listing-summary';
import {
  formatDate,
  formatPrice,
  formatPriceNote,
  formatPropertyType,
  formatReduction,
  formatStatusBadge,
  pluralise,
} from '@domain/format';
import { imageSrcSet, imageUrl } from '@domain/images';
import { listingPath } from '@domain/listing/listing-url';

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
  // The picture and the title both link to the home: `PageLink`, as a search page has 24 cards.
  const href = listingPath(listing);
  const statusBadge = formatStatusBadge(listing.status);
  const priceNote = formatPriceNote(listing);
  return (
    <article className={placement ? 'listing-card listing-card--placed' : 'listing-card'}>
      <PageLink to={href} className="listing-card__media" tabIndex={-1} aria-hidden="true">
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
      </PageLink>
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
          <PageLink to={href}>{listing.title}</PageLink>
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
        {listing.reduction ? (
          <p className="listing-card__listed">
            {formatReduction(listing, listing.reduction.by, listing.reduction.on)}
          </p>
        ) : null}
      </div>
    </article>
  );
}
