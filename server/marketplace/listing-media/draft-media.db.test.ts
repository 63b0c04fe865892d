import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  expectAppError,
  member,
  photo,
  type ListingWorld,
  useListingWorld,
} from '../../../tests/support/listing-world.ts';
import type { Marketplace } from '../marketplace.ts';

let marketplace: Marketplace;
let blobRoot: string;
let blobCount: ListingWorld['blobCount'];
const alice = member('alice');

useListingWorld((world) => ({ marketplace, blobRoot, blobCount } = world));

/** A new draft of Alice's, and a way to add media to it. */
async function aliceDraft() {
  const draft = await marketplace.listings.startDraft({ user: alice, clientIp: '192.0.2.1' });
  const addBytes = (bytes: Buffer, kind: 'photo' | 'floorplan' = 'photo') =>
    marketplace.media.add({ user: alice, draftId: draft.id, kind, bytes });
  const add = async (kind: 'photo' | 'floorplan', width: number, height = 400) =>
    addBytes(await photo(width, height), kind);
  const arrange = (input: Parameters<Marketplace['media']['arrange']>[0]['input']) =>
    marketplace.media.arrange({ user: alice, draftId: draft.id, input });
  const savedKeys = async () =>
    (await marketplace.listings.getDraft({ user: alice, draftId: draft.id })).media.map(
      (item) => item.key,
    );
  return { draft, add, addBytes, arrange, savedKeys };
}

describe('uploads', () => {
  it('strips EXIF and refuses bad files with nothing stored', async () => {
    const { addBytes, savedKeys } = await aliceDraft();
    const item = await addBytes(await photo());
    const stored = await fs.readFile(path.join(blobRoot, item.key.slice(0, 2), item.key));
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();

    const before = await blobCount();
    const text = await expectAppError(
      addBytes(Buffer.from('this is not a photo at all, honestly')),
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect(text.message).toMatch(/JPEG, PNG, WebP, AVIF or HEIC/);
    const bomb = await expectAppError(addBytes(pngHeader(40_000, 40_000)), 'PAYLOAD_TOO_LARGE');
    expect(bomb.message).toMatch(/40,000 × 40,000 pixels/);
    const huge = await expectAppError(
      addBytes(Buffer.alloc(3 * 1024 * 1024, 0xff)),
      'PAYLOAD_TOO_LARGE',
    );
    expect(huge.message).toMatch(/at most 2 MB/);
    expect(await blobCount()).toBe(before);
    expect(await savedKeys()).toHaveLength(1);
  });

  it('decodes a real HEIC photo and keeps a JPEG without its EXIF (GPS)', async () => {
    const heic = await fs.readFile(
      new URL('../../../tests/fixtures/heic/two-halves-with-gps.heic', import.meta.url),
    );
    // The fixture really is HEIC, and really carries a camera and a GPS position.
    expect(heic.subarray(4, 12).toString('latin1')).toBe('ftypheic');
    expect(heic.includes('RoostFixtureCam')).toBe(true);
    // sharp's own libvips cannot read it (no HEVC decoder), so heic-decode has to.
    await expect(sharp(heic).raw().toBuffer()).rejects.toThrow();

    const { addBytes, savedKeys } = await aliceDraft();
    const item = await addBytes(heic);
    expect(item).toMatchObject({ width: 640, height: 480 });
    const stored = await fs.readFile(path.join(blobRoot, item.key.slice(0, 2), item.key));
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes('RoostFixtureCam')).toBe(false);
    // The picture survived: red on the left, blue on the right.
    const pixel = async (left: number) => {
      const { data } = await sharp(stored)
        .extract({ left, top: 240, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return [...data];
    };
    const [redR, , redB] = await pixel(100);
    const [blueR, , blueB] = await pixel(540);
    expect(redR! - redB!).toBeGreaterThan(80);
    expect(blueB! - blueR!).toBeGreaterThan(80);
    expect(await savedKeys()).toEqual([item.key]);
  });

  it('stops at the photo limit', async () => {
    const { add } = await aliceDraft();
    for (let index = 0; index < 3; index += 1) await add('photo', 300 + index, 200);
    await expectAppError(add('photo', 400, 200), 'CONFLICT');
  });

  it('reorders media and refuses keys that are not in the draft', async () => {
    const { add, arrange } = await aliceDraft();
    const first = await add('photo', 500);
    const second = await add('photo', 501);
    const media = await arrange({ items: [{ ...second, caption: 'Kitchen' }, first] });
    expect(media.map((item) => item.key)).toEqual([second.key, first.key]);
    expect(media[0]!.caption).toBe('Kitchen');
    await expectAppError(
      arrange({ items: [{ key: 'a'.repeat(64), kind: 'photo' }] }),
      'VALIDATION_FAILED',
    );
  });

  it('keeps media the order left out (a floorplan still uploading) after the ordered ones', async () => {
    const { add, arrange, savedKeys } = await aliceDraft();
    const first = await add('photo', 510);
    const second = await add('photo', 511);
    // The client built its list before these two finished uploading.
    const floorplan = await add('floorplan', 513);
    const latePhoto = await add('photo', 514);
    const media = await arrange({ items: [second, first] });
    expect(media.map((item) => item.key)).toEqual([
      second.key,
      first.key,
      floorplan.key,
      latePhoto.key,
    ]);
    expect(await savedKeys()).toEqual(media.map((item) => item.key));
  });

  it('removes only what is named in remove', async () => {
    const { add, arrange } = await aliceDraft();
    const first = await add('photo', 520);
    const second = await add('photo', 521);
    const floorplan = await add('floorplan', 522);
    const media = await arrange({ items: [second], remove: [{ key: first.key, kind: 'photo' }] });
    expect(media.map((item) => item.key)).toEqual([second.key, floorplan.key]);
    // Removing again, or something never there, is not an error.
    const again = await arrange({ items: [], remove: [{ key: first.key, kind: 'photo' }] });
    expect(again.map((item) => item.key)).toEqual([second.key, floorplan.key]);
  });

  it('deletes a removed photo nothing else shows, and keeps one another draft still shows', async () => {
    const own = await aliceDraft();
    const other = await aliceDraft();
    const bytes = await photo(530, 400);
    const alone = await own.add('photo', 531);
    const shared = await own.addBytes(bytes);
    await other.addBytes(bytes);
    const before = await blobCount();
    await own.arrange({
      items: [],
      remove: [
        { key: alone.key, kind: 'photo' },
        { key: shared.key, kind: 'photo' },
      ],
    });
    // The photo only this draft showed is gone; the one the other draft shows stays.
    expect(await blobCount()).toBe(before - 1);
  });
});

/** A PNG whose header claims huge dimensions: enough for a pixel-bomb check (never decoded). */
function pngHeader(width: number, height: number): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8;
  data[9] = 2;
  const type = Buffer.from('IHDR');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])), 0);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(13, 0);
  const end = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
  return Buffer.concat([signature, length, type, data, crc, end]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}
