import { formatPropertyType } from '../format.ts';

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `/property/123/3-bed-semi-detached-house-for-sale-leeds`: readable, and the id decides. */
export function listingPath(listing: {
  id: number;
  bedrooms: number;
  propertyType: string;
  channel: 'sale' | 'rent';
  town: string;
}): string {
  const beds = listing.bedrooms > 0 ? `${listing.bedrooms}-bed-` : '';
  const slug = slugify(
    `${beds}${formatPropertyType(listing.propertyType)} ${listing.channel === 'sale' ? 'for sale' : 'to rent'} ${listing.town}`,
  );
  return `/property/${listing.id}/${slug}`;
}

export function searchPath(channel: 'sale' | 'rent'): string {
  return channel === 'sale' ? '/search/for-sale/' : '/search/for-rent/';
}
