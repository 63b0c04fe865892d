import { listingMedia, listingPriceHistory, listings } from '../listings/schema.ts';
import { mediaPhashes } from '../listing-media/schema.ts';
import { blobKeyOf, type BlobStore } from '../../media/blob-store.ts';
import { photoHash } from '../../media/photo-hash.ts';
import type { Database } from '../../../db/client.ts';
import { createDemoPhotos } from './demo-photos.ts';
import { demoPriceHistory } from './demo-price-history.ts';
import { cachedDemoFile } from './picture-cache.ts';
import type { DemoListing } from './seed-demo.ts';

type StoredPicture = {
  key: string;
  kind: 'photo' | 'floorplan';
  width: number;
  height: number;
  caption: string;
  /** As an upload's, for the repost check (moderation/repost-check.ts); photos only. */
  phash: string | undefined;
};

/**
 * The pictures and floorplan of each drawn home that `demo` shows (demo-photos.ts),
 * drawn from its type and rooms and stored in the blob store once, however many listings show
 * them; a few homes at a time, so both cores stay busy.
 */
export async function renderPictureSets(
  drawn: readonly DemoListing[],
  demo: readonly DemoListing[],
  blobs: BlobStore,
): Promise<Map<number, StoredPicture[]>> {
  const wanted = [...new Set(demo.map((item) => item.pictureSet))];
  const sets = new Map<number, StoredPicture[]>();
  const batch = 4;
  for (let start = 0; start < wanted.length; start += batch) {
    await Promise.all(
      wanted.slice(start, start + batch).map(async (set) => {
        const { listing } = drawn[set]!;
        const photos = await createDemoPhotos({
          type: listing.propertyType,
          bedrooms: listing.bedrooms ?? 1,
          bathrooms: listing.bathrooms ?? 1,
          receptions: listing.receptions ?? 1,
          seed: set,
        });
        const stored = await Promise.all(
          photos.map(async ({ jpeg, ...photo }) => ({
            ...photo,
            key: await blobs.put(jpeg),
            phash: photo.kind === 'photo' ? await cachedPhotoHash(jpeg) : undefined,
          })),
        );
        sets.set(set, stored);
      }),
    );
  }
  return sets;
}

/**
 * A demo photo's signature, cached under the photo's content hash: decoding 1,300 photos again on
 * every new installation's first start cost seconds. An empty file is a photo with none.
 */
async function cachedPhotoHash(jpeg: Buffer): Promise<string | undefined> {
  const signature = await cachedDemoFile(`${blobKeyOf(jpeg)}.phash`, async () =>
    Buffer.from((await photoHash(jpeg)) ?? ''),
  );
  return signature.toString('utf8') || undefined;
}

/** Rows per insert statement: well inside PostgreSQL's 65,535 parameters for the widest table. */
const ROWS_PER_INSERT = 500;

async function insertInBatches<Row>(rows: readonly Row[], insert: (batch: Row[]) => Promise<void>) {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await insert(rows.slice(start, start + ROWS_PER_INSERT));
  }
}

/**
 * Inserts the listings, then (once drawn) their pictures, then their prices; returns how
 * many listings.
 */
export async function insertDemo(
  tx: Database,
  demo: readonly DemoListing[],
  drawing: Promise<Map<number, StoredPicture[]>>,
) {
  const ids: number[] = [];
  await insertInBatches(demo, async (batch) => {
    const inserted = await tx
      .insert(listings)
      .values(batch.map((item) => item.listing))
      .returning({ id: listings.id });
    ids.push(...inserted.map(({ id }) => id));
  });
  const pictures = await drawing;
  const media = ids.flatMap((id, index) => {
    let photoPosition = 0;
    let floorplanPosition = 0;
    return pictures.get(demo[index]!.pictureSet)!.map((photo) => ({
      listingId: id,
      kind: photo.kind,
      position: photo.kind === 'photo' ? photoPosition++ : floorplanPosition++,
      blobKey: photo.key,
      width: photo.width,
      height: photo.height,
      caption: photo.caption,
    }));
  });
  await insertInBatches(media, async (batch) => {
    await tx.insert(listingMedia).values(batch);
  });
  // Each drawn picture once, however many listings show it.
  const hashes = [...pictures.values()]
    .flat()
    .flatMap(({ key, phash }) => (phash ? [{ blobKey: key, phash }] : []));
  await insertInBatches(hashes, async (batch) => {
    await tx.insert(mediaPhashes).values(batch).onConflictDoNothing();
  });
  const now = new Date();
  const prices = ids.flatMap((id, index) =>
    demoPriceHistory(demo[index]!.listing, index, now).map((step) => ({ listingId: id, ...step })),
  );
  await insertInBatches(prices, async (batch) => {
    await tx.insert(listingPriceHistory).values(batch);
  });
  return ids.length;
}
