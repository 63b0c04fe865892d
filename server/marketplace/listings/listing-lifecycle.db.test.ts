import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, londonToday } from '../../../domain/dates.ts';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { AppError } from '../../http/app-error.ts';
import { createLocalBlobStore } from '../../media/blob-store.ts';
import { DEFAULT_IMAGE_LIMITS } from '../../media/process-image.ts';
import { createMarketplace, type Marketplace } from '../marketplace.ts';

let database: TestDatabase;
let marketplace: Marketplace;
let blobRoot: string;
const sent: { to: string; subject: string; text: string; html: string }[] = [];

const user = (id: string): SessionUser =>
  ({ userId: id, username: id, email: `${id}@example.com`, isAdmin: false }) as SessionUser;
const alice = user('alice');
const bob = user('bob');

async function photo(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#88aacc' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer();
}

const rentSteps: [number, Record<string, unknown>][] = [
  [1, { channel: 'rent', propertyType: 'flat' }],
  [2, { addressLine1: '12 Victoria Road', town: 'Leeds', postcode: 'ls6 2ab' }],
  [
    3,
    {
      title: 'Bright two bedroom flat near the park',
      description:
        'A lovely flat.\n\nCall 07700 900123 <script>alert(1)</script> for details and more.',
      keyFeatures: ['Balcony', 'Bike store'],
      bedrooms: 2,
      bathrooms: 1,
      receptions: 1,
    },
  ],
  [4, { councilTaxBand: 'B', epcRating: 'C', materialInfo: { parking: 'Permit' } }],
  [5, { tours: [] }],
  [
    6,
    {
      price: 1300,
      rentPeriod: 'month',
      deposit: 1400,
      holdingDeposit: 300,
      furnished: 'furnished',
      letType: 'long_term',
    },
  ],
];

async function expectAppError(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}

async function blobCount() {
  const dirs = await fs.readdir(blobRoot).catch(() => []);
  let total = 0;
  for (const dir of dirs) total += (await fs.readdir(path.join(blobRoot, dir))).length;
  return total;
}

/** A rent listing's draft started signed out: every wizard step saved, then these photos. */
async function signedOutRentDraft(photos: Buffer[]) {
  const draft = await marketplace.listings.startDraft({ user: null });
  for (const [step, fields] of rentSteps)
    await marketplace.listings.saveDraftStep({
      user: null,
      draftId: draft.id,
      step,
      fields,
      nextStep: step + 1,
    });
  for (const bytes of photos)
    await marketplace.media.add({ user: null, draftId: draft.id, kind: 'photo', bytes });
  return draft;
}

async function publishedRentListing(owner: SessionUser, photos = 2): Promise<number> {
  const bytes: Buffer[] = [];
  for (let index = 0; index < photos; index += 1) bytes.push(await photo(640 + index, 480));
  const draft = await signedOutRentDraft(bytes);
  return (await marketplace.listings.publishDraft({ user: owner, draftId: draft.id })).id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  blobRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'roost-blobs-'));
  // The offline geocoder places postcodes at the centre of listings already in the district.
  await insertListing(database.db, { outcode: 'LS6', postcode: 'LS6 1AA', lat: 53.82, lng: -1.57 });
  marketplace = createMarketplace({
    db: database.db,
    media: {
      blobs: createLocalBlobStore(blobRoot),
      limits: { ...DEFAULT_IMAGE_LIMITS, maxBytes: 2 * 1024 * 1024 },
      maxPhotos: 3,
    },
    publicUrl: 'https://roost.test',
    enquiryLimitPerHour: 2,
    mail: () => async (email) => {
      sent.push(email);
    },
    logger: pino({ level: 'silent' }),
  });
});
afterAll(async () => {
  await database.destroy();
  await fs.rm(blobRoot, { recursive: true, force: true });
});

describe('the add-listing wizard on the server', () => {
  it('saves each step, keeps uploads, and publishes once signed in', async () => {
    const draft = await signedOutRentDraft([await photo()]);
    const reloaded = await marketplace.listings.getDraft({ user: null, draftId: draft.id });
    expect(reloaded.step).toBe(7);
    expect(reloaded.media).toHaveLength(1);
    expect(reloaded.data.postcode).toBe('ls6 2ab');

    await expectAppError(
      marketplace.listings.publishDraft({ user: null, draftId: draft.id }),
      'UNAUTHENTICATED',
    );
    const { id } = await marketplace.listings.publishDraft({ user: alice, draftId: draft.id });
    const listing = await marketplace.listings.get({ listingId: id });
    expect(listing).toMatchObject({
      status: 'active',
      channel: 'rent',
      deposit: 1400,
      displayAddress: 'Victoria Road, Leeds',
    });
    expect(listing!.description).toContain('Call [removed] <script>alert(1)</script>');
    expect(listing!.photos).toHaveLength(1);
    await expectAppError(
      marketplace.listings.getDraft({ user: alice, draftId: draft.id }),
      'NOT_FOUND',
    );
  });

  it('refuses a step with field messages, on the server too', async () => {
    const draft = await marketplace.listings.startDraft({ user: alice });
    const error = await expectAppError(
      marketplace.listings.saveDraftStep({
        user: alice,
        draftId: draft.id,
        step: 6,
        fields: {
          channel: 'rent',
          price: 1300,
          rentPeriod: 'month',
          deposit: 2000,
          furnished: 'furnished',
          letType: 'long_term',
        },
      }),
      'VALIDATION_FAILED',
    );
    expect(error.fields?.deposit).toMatch(/at most £1,500/);
  });

  it('keeps an owned draft from everyone else', async () => {
    const draft = await marketplace.listings.startDraft({ user: alice });
    await expectAppError(
      marketplace.listings.getDraft({ user: bob, draftId: draft.id }),
      'NOT_FOUND',
    );
    await expectAppError(
      marketplace.listings.getDraft({ user: null, draftId: draft.id }),
      'NOT_FOUND',
    );
    await expectAppError(
      marketplace.media.add({ user: bob, draftId: draft.id, kind: 'photo', bytes: await photo() }),
      'NOT_FOUND',
    );
  });
});

describe('uploads', () => {
  it('strips EXIF and refuses bad files with nothing stored', async () => {
    const draft = await marketplace.listings.startDraft({ user: alice });
    const item = await marketplace.media.add({
      user: alice,
      draftId: draft.id,
      kind: 'photo',
      bytes: await photo(),
    });
    const stored = await fs.readFile(path.join(blobRoot, item.key.slice(0, 2), item.key));
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();

    const before = await blobCount();
    const text = await expectAppError(
      marketplace.media.add({
        user: alice,
        draftId: draft.id,
        kind: 'photo',
        bytes: Buffer.from('this is not a photo at all, honestly'),
      }),
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect(text.message).toMatch(/JPEG, PNG, WebP, AVIF or HEIC/);
    const bomb = await expectAppError(
      marketplace.media.add({
        user: alice,
        draftId: draft.id,
        kind: 'photo',
        bytes: pngHeader(40_000, 40_000),
      }),
      'PAYLOAD_TOO_LARGE',
    );
    expect(bomb.message).toMatch(/40,000 × 40,000 pixels/);
    const huge = await expectAppError(
      marketplace.media.add({
        user: alice,
        draftId: draft.id,
        kind: 'photo',
        bytes: Buffer.alloc(3 * 1024 * 1024, 0xff),
      }),
      'PAYLOAD_TOO_LARGE',
    );
    expect(huge.message).toMatch(/at most 2 MB/);
    expect(await blobCount()).toBe(before);
    expect(
      (await marketplace.listings.getDraft({ user: alice, draftId: draft.id })).media,
    ).toHaveLength(1);
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

    const draft = await marketplace.listings.startDraft({ user: alice });
    const item = await marketplace.media.add({
      user: alice,
      draftId: draft.id,
      kind: 'photo',
      bytes: heic,
    });
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
    expect(
      (await marketplace.listings.getDraft({ user: alice, draftId: draft.id })).media.map(
        (entry) => entry.key,
      ),
    ).toEqual([item.key]);
  });

  it('stops at the photo limit', async () => {
    const draft = await marketplace.listings.startDraft({ user: alice });
    for (let index = 0; index < 3; index += 1)
      await marketplace.media.add({
        user: alice,
        draftId: draft.id,
        kind: 'photo',
        bytes: await photo(300 + index, 200),
      });
    await expectAppError(
      marketplace.media.add({
        user: alice,
        draftId: draft.id,
        kind: 'photo',
        bytes: await photo(400, 200),
      }),
      'CONFLICT',
    );
  });

  it('reorders media and refuses keys that are not in the draft', async () => {
    const draft = await marketplace.listings.startDraft({ user: alice });
    const first = await marketplace.media.add({
      user: alice,
      draftId: draft.id,
      kind: 'photo',
      bytes: await photo(500, 400),
    });
    const second = await marketplace.media.add({
      user: alice,
      draftId: draft.id,
      kind: 'photo',
      bytes: await photo(501, 400),
    });
    const media = await marketplace.media.arrange({
      user: alice,
      draftId: draft.id,
      input: {
        items: [{ ...second, caption: 'Kitchen' }, first],
      },
    });
    expect(media.map((item) => item.key)).toEqual([second.key, first.key]);
    expect(media[0]!.caption).toBe('Kitchen');
    await expectAppError(
      marketplace.media.arrange({
        user: alice,
        draftId: draft.id,
        input: {
          items: [{ key: 'a'.repeat(64), kind: 'photo' }],
        },
      }),
      'VALIDATION_FAILED',
    );
  });
});

describe('managing a listing', () => {
  it('shows Reduced after a price drop, changes status, and soft-deletes and restores', async () => {
    const id = await publishedRentListing(alice);
    await marketplace.listings.changePrice({ user: alice, listingId: id, input: { price: 1250 } });
    const reduced = await marketplace.listings.get({ listingId: id });
    expect(reduced!.price).toBe(1250);
    expect(reduced!.reducedOn).not.toBeNull();
    await marketplace.listings.changeStatus({
      user: alice,
      listingId: id,
      input: { status: 'let_agreed' },
    });
    expect((await marketplace.listings.get({ listingId: id }))!.status).toBe('let_agreed');
    await expectAppError(
      marketplace.listings.changeStatus({
        user: alice,
        listingId: id,
        input: { status: 'sold_stc' },
      }),
      'VALIDATION_FAILED',
    );
    await marketplace.listings.remove({ user: alice, listingId: id });
    expect((await marketplace.listings.get({ listingId: id }))!.status).toBe('removed');
    await marketplace.listings.restore({ user: alice, listingId: id });
    expect((await marketplace.listings.get({ listingId: id }))!.status).toBe('paused');
  });

  it('lets nobody else edit, delete, reprice or read the enquiries of a listing', async () => {
    const id = await publishedRentListing(alice, 1);
    await expectAppError(
      marketplace.listings.update({ user: bob, listingId: id, input: { price: 1 } }),
      'NOT_FOUND',
    );
    await expectAppError(
      marketplace.listings.changePrice({ user: bob, listingId: id, input: { price: 1 } }),
      'NOT_FOUND',
    );
    await expectAppError(
      marketplace.listings.changeStatus({ user: bob, listingId: id, input: { status: 'paused' } }),
      'NOT_FOUND',
    );
    await expectAppError(marketplace.listings.remove({ user: bob, listingId: id }), 'NOT_FOUND');
    await expectAppError(marketplace.enquiries.list({ user: bob, listingId: id }), 'NOT_FOUND');
    await expectAppError(marketplace.listings.startEdit({ user: bob, listingId: id }), 'NOT_FOUND');
    expect((await marketplace.listings.get({ listingId: id }))!.status).toBe('active');
  });

  it('edits through a draft of the listing', async () => {
    const id = await publishedRentListing(alice, 1);
    const draft = await marketplace.listings.startEdit({ user: alice, listingId: id });
    expect(draft.media).toHaveLength(1);
    await marketplace.listings.saveDraftStep({
      user: alice,
      draftId: draft.id,
      step: 3,
      fields: {
        title: 'Bright two bedroom flat, newly decorated',
      },
    });
    expect(
      (await marketplace.listings.publishDraft({ user: alice, draftId: draft.id })).isNew,
    ).toBe(false);
    expect((await marketplace.listings.get({ listingId: id }))!.title).toBe(
      'Bright two bedroom flat, newly decorated',
    );
  });

  it('refuses a price change that would put the deposit over the cap', async () => {
    const id = await publishedRentListing(alice, 1);
    const error = await expectAppError(
      marketplace.listings.changePrice({ user: alice, listingId: id, input: { price: 1000 } }),
      'VALIDATION_FAILED',
    );
    expect(error.fields?.price).toMatch(/deposit can be at most/);
  });
});

describe('enquiries, reports and favourites', () => {
  it('stores and e-mails an enquiry to the lister, who alone can read it; rate limited', async () => {
    const id = await publishedRentListing(alice, 1);
    const enquiry = {
      name: 'Bob Jones',
      email: 'bob@example.com',
      message: 'Is it still available to view?',
      wantsViewing: true,
      viewingTimes: [
        { date: addDays(londonToday(), 3), period: 'evening' },
        { date: addDays(londonToday(), 10), period: 'morning' },
      ],
    };
    const result = await marketplace.enquiries.submit({
      user: bob,
      listingId: id,
      input: enquiry,
      ip: '203.0.113.9',
    });
    expect(result.isEmailed).toBe(true);
    expect(sent.at(-1)).toMatchObject({ to: 'alice@example.com' });
    expect(sent.at(-1)!.text).toContain('Is it still available to view?');
    // The preferred slots reach the lister in the e-mail (UK dates) and in their account.
    const weekdayOf = (day: string) =>
      new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
        weekday: 'long',
        timeZone: 'UTC',
      });
    const [first, second] = enquiry.viewingTimes;
    expect(sent.at(-1)!.text).toMatch(
      new RegExp(`Preferred time 1: ${weekdayOf(first!.date)} \\d+ \\w+ \\d{4}, evening`),
    );
    expect(sent.at(-1)!.html).toContain(`${weekdayOf(second!.date)} `);
    expect(sent.at(-1)!.html).toContain('morning (9am to 12 noon)');
    const stored = await marketplace.enquiries.list({ user: alice, listingId: id });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.viewingTimes).toEqual(enquiry.viewingTimes);
    await expectAppError(
      marketplace.enquiries.submit({
        user: bob,
        listingId: id,
        input: { ...enquiry, viewingTimes: [] },
        ip: '203.0.113.10',
      }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      marketplace.enquiries.submit({
        user: bob,
        listingId: id,
        input: {
          ...enquiry,
          viewingTimes: [{ date: addDays(londonToday(), -1), period: 'morning' }],
        },
        ip: '203.0.113.10',
      }),
      'VALIDATION_FAILED',
    );
    await marketplace.enquiries.submit({
      user: bob,
      listingId: id,
      input: enquiry,
      ip: '203.0.113.9',
    });
    await expectAppError(
      marketplace.enquiries.submit({ user: bob, listingId: id, input: enquiry, ip: '203.0.113.9' }),
      'RATE_LIMITED',
    );
    await expectAppError(
      marketplace.enquiries.submit({
        user: null,
        listingId: id,
        input: { ...enquiry, website: 'spam' },
        ip: '198.51.100.1',
      }),
      'VALIDATION_FAILED',
    );
  });

  it('allows one open report per reporter and listing', async () => {
    const id = await publishedRentListing(alice, 1);
    await marketplace.reports.submit({
      user: bob,
      listingId: id,
      input: { reason: 'scam', details: 'Asked for a deposit before viewing' },
      ip: '203.0.113.7',
    });
    await expectAppError(
      marketplace.reports.submit({
        user: bob,
        listingId: id,
        input: { reason: 'duplicate' },
        ip: '203.0.113.7',
      }),
      'CONFLICT',
    );
    await expectAppError(
      marketplace.reports.submit({
        user: null,
        listingId: id,
        input: { reason: 'other' },
        ip: '203.0.113.8',
      }),
      'VALIDATION_FAILED',
    );
  });

  it('merges browser favourites with the server list and ignores junk', async () => {
    const id = await publishedRentListing(alice, 1);
    expect(
      await marketplace.favourites.merge({ user: bob, ids: [String(id), 'nonsense', 999_999_999] }),
    ).toEqual([String(id)]);
    const list = await marketplace.favourites.list({ user: bob });
    expect(list.map((item) => item.id)).toEqual([id]);
    // The lister's own list counts each listing's favourites (and only that listing's).
    const other = await publishedRentListing(alice, 1);
    const counts = async () =>
      Object.fromEntries(
        (await marketplace.listings.findOwn({ user: alice })).map((item) => [
          item.id,
          item.favouriteCount,
        ]),
      );
    expect(await counts()).toMatchObject({ [id]: 1, [other]: 0 });
    await marketplace.favourites.remove({ user: bob, listingId: id });
    expect(await counts()).toMatchObject({ [id]: 0 });
    expect(await marketplace.favourites.merge({ user: bob, ids: [] })).toEqual([]);
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
