import type { Database } from '../../db/client.ts';
import {
  listingMedia,
  listings,
  type NewListing,
} from '../../server/marketplace/listings/schema.ts';

let sequence = 0;

/** A valid listing with sensible defaults; override only what a test is about. */
export function aListing(overrides: Partial<NewListing> = {}): NewListing {
  sequence += 1;
  return {
    ownerSub: 'owner-1',
    channel: 'sale',
    status: 'active',
    propertyType: 'terraced',
    title: `Test listing ${sequence}`,
    price: 200_000,
    bedrooms: 3,
    bathrooms: 1,
    addressLine1: `${sequence} Test Street`,
    town: 'Leeds',
    country: 'England',
    postcode: 'LS6 2AB',
    outcode: 'LS6',
    lat: 53.82,
    lng: -1.57,
    publishedAt: new Date(),
    ...overrides,
  };
}

export async function insertListing(
  db: Database,
  overrides: Partial<NewListing> = {},
  photos: string[] = [],
): Promise<number> {
  const [row] = await db
    .insert(listings)
    .values(aListing(overrides))
    .returning({ id: listings.id });
  const id = row!.id;
  if (photos.length) {
    await db.insert(listingMedia).values(
      photos.map((blobKey, position) => ({
        listingId: id,
        position,
        blobKey,
        width: 1600,
        height: 1067,
      })),
    );
  }
  return id;
}
