import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { FavouriteButton } from '~/features/favourites/favourite-button';
import { formatPrice, formatPriceNote, formatReduction, formatStatusBadge } from '@domain/format';
import { latestDrop } from '@domain/listing/listing-history';
import { searchPath } from '@domain/listing/listing-url';
import type { PropertyListing, PropertyPlace } from './property-types';
import { ShareButton } from './share-button';

/** The price, its note (before a sale price, after a rent), and status and reduction badges. */
function PropertyPrice({ listing }: { listing: PropertyListing }) {
  const note = formatPriceNote(listing);
  const status = formatStatusBadge(listing.status);
  const drop = latestDrop(listing.priceHistory, listing.price);
  return (
    <div className="property__price">
      {note && listing.channel === 'sale' ? <span>{note}</span> : null}
      <strong data-testid="listing-price">{formatPrice(listing)}</strong>
      {note && listing.channel === 'rent' ? <span>{note}</span> : null}
      {status ? <span className="badge badge--status">{status}</span> : null}
      {drop ? (
        <span className="badge badge--reduced">{formatReduction(listing, drop.by, drop.on)}</span>
      ) : null}
    </div>
  );
}

/** Breadcrumbs, title, address and price. */
export function PropertyHeader({ listing }: { listing: PropertyListing }) {
  return (
    <>
      <p className="breadcrumbs">
        <Link to={searchPath(listing.channel)}>
          {listing.channel === 'sale' ? 'Property for sale' : 'Property to rent'}
        </Link>{' '}
        › {listing.town}
      </p>
      <header className="property__header">
        <div>
          <h1>{listing.title}</h1>
          <p className="property__address">{listing.displayAddress}</p>
        </div>
        <PropertyPrice listing={listing} />
      </header>
    </>
  );
}

/** Save and share for everyone; edit and manage for the lister. */
export function PropertyActions({ place, isOwner }: { place: PropertyPlace; isOwner: boolean }) {
  const { listing, origin, canonical } = place;
  const secondary = buttonClass({ variant: 'secondary' });
  return (
    <div className="property__actions">
      <FavouriteButton listingId={listing.id} title={listing.title} />
      <ShareButton url={`${origin}${canonical}`} title={listing.title} />
      {isOwner ? (
        <>
          <Link className={secondary} to={`/property/${listing.id}/edit`}>
            Edit listing
          </Link>
          <Link className={secondary} to={`/my-account/listings/${listing.id}`}>
            Manage and enquiries
          </Link>
        </>
      ) : null}
    </div>
  );
}
