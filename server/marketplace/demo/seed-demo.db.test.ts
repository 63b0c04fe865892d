import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingMedia, listings } from '../listings/schema.ts';
import { loadGazetteer } from '../search/gazetteer.ts';
import { createOfflineGeocoder } from '../search/geocoder.ts';
import { runSearch } from '../search/run-search.ts';
import { RESULTS_PAGE_SIZE } from '../search/search-listings.ts';
import { createLocalBlobStore } from '../../media/blob-store.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { seedDemoIfEmpty } from './seed-demo.ts';

let database: TestDatabase;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-seed-'));

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('seedDemoIfEmpty', () => {
  it('seeds an empty database once, with photos stored in the blob store', async () => {
    const blobs = createLocalBlobStore(mediaDir);
    const first = await seedDemoIfEmpty({ db: database.db, blobs, towns: ['Leeds'] });
    expect(first.seeded).toBe(true);

    const [listingCount] = await database.db.select({ value: count() }).from(listings);
    expect(listingCount?.value).toBe(first.listings);
    const media = await database.db.select().from(listingMedia);
    // Each listing: a street view, three rooms and a floorplan; no two homes in a town share one.
    expect(media.filter((item) => item.kind === 'photo')).toHaveLength(first.listings * 4);
    expect(media.filter((item) => item.kind === 'floorplan')).toHaveLength(first.listings);
    expect(new Set(media.map((item) => item.blobKey)).size).toBe(media.length);
    const cover = media.find((item) => item.position === 0)!;
    const bytes = await blobs.get(cover.blobKey);
    expect(bytes?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff])); // a JPEG

    const second = await seedDemoIfEmpty({ db: database.db, blobs });
    expect(second.seeded).toBe(false);
    const [after] = await database.db.select({ value: count() }).from(listings);
    expect(after?.value).toBe(first.listings);
  });

  it('fills the town’s first results page for sale and to rent, under offer left out', async () => {
    const gazetteer = await loadGazetteer(database.db);
    const geocoder = createOfflineGeocoder(database.db);
    for (const channel of ['sale', 'rent'] as const) {
      for (const params of ['', 'agreed=exclude']) {
        const page = await runSearch(
          database.db,
          geocoder,
          { channel, params: new URLSearchParams(params), placeSlug: 'leeds' },
          gazetteer,
        );
        expect(page.items, `${channel} ${params}`).toHaveLength(RESULTS_PAGE_SIZE);
        expect(page.items.every((item) => item.town === 'Leeds')).toBe(true);
      }
    }
  });

  it('does not re-seed after every listing was deleted', async () => {
    await database.db.delete(listings).where(eq(listings.ownerSub, 'roost-demo'));
    const result = await seedDemoIfEmpty({
      db: database.db,
      blobs: createLocalBlobStore(mediaDir),
    });
    expect(result.seeded).toBe(false);
  });
});
