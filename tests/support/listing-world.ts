import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import type { SessionUser } from '../../domain/session-user.ts';
import { AppError } from '../../server/http/app-error.ts';
import { createLocalBlobStore } from '../../server/media/blob-store.ts';
import { DEFAULT_IMAGE_LIMITS } from '../../server/media/process-image.ts';
import type { ListerEmail } from '../../server/marketplace/enquiries/submit-enquiry.ts';
import { createMarketplace } from '../../server/marketplace/marketplace.ts';
import { insertListing } from './listing-factory.ts';
import { createTestDatabase } from './test-database.ts';

/** A signed-in member as the session middleware gives them. */
export const member = (id: string): SessionUser =>
  ({ userId: id, username: id, email: `${id}@example.com`, isAdmin: false }) as SessionUser;

/** A JPEG carrying camera and GPS EXIF, which uploads must strip. */
export async function photo(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#88aacc' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer();
}

/** Every wizard step of a valid flat to rent in Leeds. */
export const rentSteps: [number, Record<string, unknown>][] = [
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

/** A wizard step's fields as a test saves them, from `rentSteps`' own. */
export type StepFields = (step: number, fields: Record<string, unknown>) => Record<string, unknown>;

/** `rentSteps`' fields with `changes` in place of the same-named ones (other names ignored). */
export function overriding(changes: Record<string, unknown>): StepFields {
  return (_step, fields) =>
    Object.fromEntries(
      Object.keys(fields).map((key) => [key, key in changes ? changes[key] : fields[key]]),
    );
}

export async function expectAppError(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}

/**
 * A rent listing's draft by `user` (null: signed out), each from an address of its own (drafts
 * are limited per address and hour): every wizard step saved, each step's fields through
 * `fieldsOf`, then these photos.
 */
function rentDrafts(marketplace: ReturnType<typeof createMarketplace>) {
  let addresses = 0;
  return async ({
    user,
    photos,
    fieldsOf = (_step, fields) => fields,
  }: {
    user: SessionUser | null;
    photos: Buffer[];
    fieldsOf?: StepFields;
  }) => {
    addresses += 1;
    const draft = await marketplace.listings.startDraft({
      user,
      clientIp: `198.51.100.${addresses}`,
    });
    for (const [step, fields] of rentSteps)
      await marketplace.listings.saveDraftStep({
        user,
        draftId: draft.id,
        step,
        fields: fieldsOf(step, fields),
        nextStep: step + 1,
      });
    for (const bytes of photos)
      await marketplace.media.add({ user, draftId: draft.id, kind: 'photo', bytes });
    return draft;
  };
}

/**
 * What the listing use-case tests share: the marketplace on a fresh database, photos in a
 * temporary blob store (2 MB, three at most), two enquiries an hour per sender, and every
 * e-mail collected in `sent`.
 */
export async function createListingWorld() {
  const database = await createTestDatabase();
  const blobRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'roost-blobs-'));
  const sent: ListerEmail[] = [];
  // The offline geocoder places postcodes at the centre of listings already in the district.
  await insertListing(database.db, { outcode: 'LS6', postcode: 'LS6 1AA', lat: 53.82, lng: -1.57 });
  const marketplace = createMarketplace({
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

  const rentDraft = rentDrafts(marketplace);
  const signedOutRentDraft = (photos: Buffer[]) => rentDraft({ user: null, photos });

  return {
    database,
    marketplace,
    blobRoot,
    sent,
    signedOutRentDraft,
    /** A rent listing `owner` published through the wizard (see `rentDraft`). */
    async publishThroughWizard(
      owner: SessionUser,
      options: { photos: Buffer[]; fieldsOf?: StepFields },
    ) {
      const draft = await rentDraft({ user: owner, ...options });
      return marketplace.listings.publishDraft({ user: owner, draftId: draft.id });
    },
    async publishedRentListing(owner: SessionUser, photos = 2): Promise<number> {
      const bytes: Buffer[] = [];
      for (let index = 0; index < photos; index += 1) bytes.push(await photo(640 + index, 480));
      const draft = await signedOutRentDraft(bytes);
      return (await marketplace.listings.publishDraft({ user: owner, draftId: draft.id })).id;
    },
    /** Files in the blob store: a refused upload must leave none behind. */
    async blobCount() {
      const dirs = await fs.readdir(blobRoot).catch(() => []);
      let total = 0;
      for (const dir of dirs) total += (await fs.readdir(path.join(blobRoot, dir))).length;
      return total;
    },
    async destroy() {
      await database.destroy();
      await fs.rm(blobRoot, { recursive: true, force: true });
    },
  };
}

export type ListingWorld = Awaited<ReturnType<typeof createListingWorld>>;

/** Gives a test file a fresh world: made before its tests (handed to `take`), destroyed after. */
export function useListingWorld(take: (world: ListingWorld) => void): void {
  let world: ListingWorld | undefined;
  beforeAll(async () => {
    world = await createListingWorld();
    take(world);
  });
  afterAll(async () => {
    await world?.destroy();
  });
}
