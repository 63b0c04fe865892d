import { data, Link, redirect } from 'react-router';
import {
  formatDate,
  formatPrice,
  formatPriceNote,
  formatPropertyType,
  formatStatusBadge,
  pluralise,
} from '~/lib/format';
import { imageSrcSet, imageUrl } from '~/lib/image-url';
import { listingPath, searchPath } from '~/lib/listing-url';
import type { Route } from './+types/property';

const PUBLIC_STATUSES = new Set(['active', 'under_offer', 'sold_stc', 'let_agreed']);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  const listing = Number.isSafeInteger(id) ? await context.marketplace.listings.get(id) : undefined;
  if (!listing || listing.status === 'draft') throw data(null, { status: 404 });
  const canonical = listingPath(listing);
  if (new URL(request.url).pathname !== canonical) throw redirect(canonical, 301);
  if (!PUBLIC_STATUSES.has(listing.status)) {
    throw data(
      { channel: listing.channel, title: listing.title },
      { status: listing.status === 'removed' ? 410 : 404 },
    );
  }
  return { listing, canonical };
}

export function meta({ data: loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return [{ title: 'Listing not available | Roost' }];
  const { listing } = loaderData;
  return [
    { title: `${listing.title} in ${listing.displayAddress} | Roost` },
    { name: 'description', content: listing.description.slice(0, 155) },
  ];
}

export default function Property({ loaderData }: Route.ComponentProps) {
  const { listing } = loaderData;
  const [cover, ...rest] = listing.photos;
  const status = formatStatusBadge(listing.status);
  const note = formatPriceNote(listing);
  return (
    <article className="page property">
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
        <div className="property__price">
          {note && listing.channel === 'sale' ? <span>{note}</span> : null}
          <strong>{formatPrice(listing)}</strong>
          {note && listing.channel === 'rent' ? <span>{note}</span> : null}
          {status ? <span className="badge badge--status">{status}</span> : null}
        </div>
      </header>
      {cover ? (
        <div className="property__gallery">
          <img
            src={imageUrl(cover.blobKey, 1280)}
            srcSet={imageSrcSet(cover.blobKey)}
            sizes="(min-width: 1100px) 1040px, 100vw"
            width={cover.width}
            height={cover.height}
            alt={cover.caption || listing.title}
          />
          {rest.map((photo, index) => (
            <img
              key={`${photo.blobKey}-${index}`}
              src={imageUrl(photo.blobKey, 640)}
              srcSet={imageSrcSet(photo.blobKey, 1280)}
              sizes="(min-width: 1100px) 340px, 50vw"
              width={photo.width}
              height={photo.height}
              alt={photo.caption || `Photo ${index + 2} of ${listing.title}`}
              loading="lazy"
              decoding="async"
            />
          ))}
        </div>
      ) : null}
      <section aria-labelledby="key-facts" className="property__facts">
        <h2 id="key-facts">Key facts</h2>
        <dl>
          <dt>Property type</dt>
          <dd>{formatPropertyType(listing.propertyType)}</dd>
          <dt>Bedrooms</dt>
          <dd>{listing.bedrooms}</dd>
          <dt>Bathrooms</dt>
          <dd>{listing.bathrooms}</dd>
          {listing.floorAreaSqFt ? (
            <>
              <dt>Floor area</dt>
              <dd>
                {listing.floorAreaSqFt.toLocaleString('en-GB')} sq ft (
                {Math.round(listing.floorAreaSqFt * 0.092903).toLocaleString('en-GB')} m²)
              </dd>
            </>
          ) : null}
          {listing.publishedAt ? (
            <>
              <dt>Added</dt>
              <dd>{formatDate(listing.publishedAt)}</dd>
            </>
          ) : null}
        </dl>
      </section>
      {listing.keyFeatures.length > 0 ? (
        <section aria-labelledby="features">
          <h2 id="features">Key features</h2>
          <ul className="property__features">
            {listing.keyFeatures.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="description">
        <h2 id="description">Description</h2>
        {listing.description.split(/\n{2,}/).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </section>
      <p className="property__photos-count">{pluralise(listing.photos.length, 'photo')}</p>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const gone =
    error &&
    typeof error === 'object' &&
    'status' in error &&
    (error.status === 410 || error.status === 404);
  return (
    <section className="page narrow">
      <title>Listing not available | Roost</title>
      <h1>This listing is no longer available</h1>
      <p>
        {gone
          ? 'The home you are looking for has been taken off the market or never existed.'
          : 'Sorry, something went wrong while loading this listing.'}
      </p>
      <p>
        <Link className="button" to="/search/for-sale/">
          Search homes for sale
        </Link>{' '}
        <Link className="button button--secondary" to="/search/for-rent/">
          Search homes to rent
        </Link>
      </p>
    </section>
  );
}
