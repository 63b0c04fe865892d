import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { streetOnly } from './listing-summary.ts';
import { listingMedia, listings, type Listing, type ListingMedia } from './schema.ts';

export interface ListingDetail extends Omit<
  Listing,
  'addressLine1' | 'postcode' | 'ownerSub' | 'lat' | 'lng'
> {
  displayAddress: string;
  photos: Pick<ListingMedia, 'blobKey' | 'width' | 'height' | 'caption'>[];
}

/** One listing as the public sees it, or `undefined` when there is no such listing. */
export async function getListing(db: Database, id: number): Promise<ListingDetail | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const [row] = await db.select().from(listings).where(eq(listings.id, id));
  if (!row) return undefined;
  const photos = await db
    .select({
      blobKey: listingMedia.blobKey,
      width: listingMedia.width,
      height: listingMedia.height,
      caption: listingMedia.caption,
    })
    .from(listingMedia)
    .where(and(eq(listingMedia.listingId, id), eq(listingMedia.kind, 'photo')))
    .orderBy(asc(listingMedia.position));
  const {
    addressLine1,
    postcode: _postcode,
    ownerSub: _owner,
    lat: _lat,
    lng: _lng,
    ...rest
  } = row;
  return { ...rest, displayAddress: `${streetOnly(addressLine1)}, ${row.town}`, photos };
}
