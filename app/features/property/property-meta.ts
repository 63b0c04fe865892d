import { formatPrice, formatPropertyType, pluralise } from '@domain/format';
import { imageUrl } from '@domain/images';
import type { PropertyListing, PropertyPlace } from './property-types';

/** The page's title, description, canonical link and Open Graph tags. */
export function propertyMeta({ listing, canonical, origin }: PropertyPlace) {
  const title = `${listing.title} – ${formatPrice(listing)} – ${listing.displayAddress} | Roost`;
  const description = `${formatPropertyType(listing.propertyType)}, ${pluralise(listing.bedrooms, 'bedroom')}, ${listing.channel === 'sale' ? 'for sale' : 'to rent'} in ${listing.town}. ${listing.description.slice(0, 110)}`;
  const cover = listing.photos[0];
  return [
    { title },
    { name: 'description', content: description.slice(0, 160) },
    { tagName: 'link', rel: 'canonical', href: `${origin}${canonical}` },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: listing.title },
    { property: 'og:description', content: description.slice(0, 200) },
    { property: 'og:url', content: `${origin}${canonical}` },
    ...(cover
      ? [{ property: 'og:image', content: `${origin}${imageUrl(cover.blobKey, 1280)}` }]
      : []),
  ];
}

/** What the price is for, in GoodRelations' words (schema.org's `businessFunction`). */
function businessFunction(listing: PropertyListing): string {
  return listing.channel === 'rent'
    ? 'http://purl.org/goodrelations/v1#LeaseOut'
    : 'http://purl.org/goodrelations/v1#Sell';
}

/** The listing as schema.org's RealEstateListing, for search engines' rich results. */
export function listingJsonLd({ listing, canonical, origin }: PropertyPlace) {
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: listing.title,
    description: listing.description.slice(0, 500),
    url: `${origin}${canonical}`,
    datePosted: listing.publishedAt,
    image: listing.photos.slice(0, 5).map((photo) => `${origin}${imageUrl(photo.blobKey, 1280)}`),
    offers: {
      '@type': 'Offer',
      price: listing.price,
      priceCurrency: 'GBP',
      businessFunction: businessFunction(listing),
      availability:
        listing.status === 'active'
          ? 'https://schema.org/InStock'
          : 'https://schema.org/LimitedAvailability',
      ...(listing.channel === 'rent'
        ? {
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              price: listing.price,
              priceCurrency: 'GBP',
              unitText: listing.rentPeriod === 'week' ? 'WEEK' : 'MONTH',
            },
          }
        : {}),
    },
    address: { '@type': 'PostalAddress', addressLocality: listing.town, addressCountry: 'GB' },
  };
}
