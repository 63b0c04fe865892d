import { serveApiForTest } from '../../../tests/support/test-user.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { createLocalBlobStore } from '../../media/blob-store.ts';
import { DEFAULT_IMAGE_LIMITS } from '../../media/process-image.ts';
import { createMarketplace, type Marketplace } from '../marketplace.ts';
import { openApiDocument } from '../openapi/document.ts';
import { mountListingsApi } from './api.ts';
import { listingVisibility } from '../../../domain/listing/visibility.ts';
import { admin, reportedListing } from '../../../tests/support/moderation-fixture.ts';
import { PUBLIC_LISTING_COLUMNS } from './get-listing.ts';

/**
 * The HTTP adapter: status codes, the error body and ownership through `/api/v1`. The session
 * middleware is replaced by one reading a test header; the real one verifies ID tokens by JWKS.
 */
let database: TestDatabase;
let base: string;
let blobRoot: string;
let close: () => Promise<void>;
let marketplace: Marketplace;

function as(user: string | null, init: RequestInit = {}): RequestInit {
  return {
    ...init,
    headers: {
      ...(init.headers as Record<string, string>),
      ...(user ? { 'x-test-user': user } : {}),
    },
  };
}
const json = (body: unknown): RequestInit => ({
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

beforeAll(async () => {
  database = await createTestDatabase();
  blobRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'roost-api-'));
  await insertListing(database.db, { outcode: 'LS6', postcode: 'LS6 1AA' });
  marketplace = createMarketplace({
    db: database.db,
    media: {
      blobs: createLocalBlobStore(blobRoot),
      limits: { ...DEFAULT_IMAGE_LIMITS, maxBytes: 1024 * 1024 },
      maxPhotos: 5,
    },
    logger: pino({ level: 'silent' }),
  });
  ({ base, close } = await serveApiForTest((api) => mountListingsApi(api, marketplace)));
});
afterAll(async () => {
  await close();
  await database.destroy();
  await fs.rm(blobRoot, { recursive: true, force: true });
});

const saleListing = {
  channel: 'sale',
  propertyType: 'terraced',
  addressLine1: '4 Cardigan Road',
  town: 'Leeds',
  postcode: 'LS6 1AB',
  title: 'Three bedroom terraced house',
  description: 'A well kept terraced house near the park, with a long garden.',
  bedrooms: 3,
  bathrooms: 1,
  receptions: 2,
  tenure: 'freehold',
  councilTaxBand: 'C',
  epcRating: 'D',
  price: 250000,
  priceQualifier: 'guide_price',
};

describe('/api/v1 listings', () => {
  it('creates for the signed-in user only and enforces ownership on every write', async () => {
    expect((await fetch(`${base}/listings`, { method: 'POST', ...json(saleListing) })).status).toBe(
      401,
    );
    const created = await fetch(
      `${base}/listings`,
      as('alice', { method: 'POST', ...json(saleListing) }),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };

    for (const [method, url, body] of [
      ['PATCH', `/listings/${id}`, { price: 1 }],
      ['DELETE', `/listings/${id}`, undefined],
      ['POST', `/listings/${id}/status`, { status: 'paused' }],
      ['POST', `/listings/${id}/price`, { price: 1 }],
      ['GET', `/listings/${id}/enquiries`, undefined],
      ['POST', `/listings/${id}/drafts`, undefined],
    ] as const) {
      const response = await fetch(
        `${base}${url}`,
        as('bob', { method, ...(body ? json(body) : {}) }),
      );
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
    const patched = await fetch(
      `${base}/listings/${id}`,
      as('alice', { method: 'PATCH', ...json({ price: 240000 }) }),
    );
    expect(patched.status).toBe(200);
    const read = (await (await fetch(`${base}/listings/${id}`)).json()) as {
      listing: { price: number; reducedOn: string | null };
    };
    expect(read.listing.price).toBe(240000);
    expect(read.listing.reducedOn).not.toBeNull();
    expect((await fetch(`${base}/listings/${id}`, as('alice', { method: 'DELETE' }))).status).toBe(
      204,
    );
    expect((await fetch(`${base}/listings/${id}`)).status).toBe(410);
  });

  it('answers 422 with field messages, including the deposit cap', async () => {
    const response = await fetch(
      `${base}/listings`,
      as('alice', {
        method: 'POST',
        ...json({
          ...saleListing,
          channel: 'rent',
          priceQualifier: undefined,
          price: 1000,
          rentPeriod: 'month',
          deposit: 5000,
          furnished: 'unfurnished',
          letType: 'long_term',
        }),
      }),
    );
    expect(response.status).toBe(422);
    const body = (await response.json()) as {
      error: { code: string; fields: Record<string, string> };
    };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields.deposit).toMatch(/at most £1,153/);
  });

  it('takes rooms and answers them, the floor area from them; a bad room is a field message', async () => {
    const rooms = [
      { name: 'Kitchen', lengthM: 4.2, widthM: 3.1 },
      { name: 'Bedroom', lengthFt: 12, lengthIn: 6, widthFt: 10 },
    ];
    const refused = await fetch(
      `${base}/listings`,
      as('alice', {
        method: 'POST',
        ...json({ ...saleListing, rooms: [...rooms, { name: '', lengthM: 'long', widthM: 60 }] }),
      }),
    );
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields).toEqual({
      'rooms.2.name': 'Enter the room name, such as Kitchen',
      'rooms.2.lengthM': 'Enter the length in metres as a number',
      'rooms.2.width': 'The width must be between 0.5 m and 50 m (1 ft 8 in and 164 ft)',
    });
    const created = await fetch(
      `${base}/listings`,
      as('alice', { method: 'POST', ...json({ ...saleListing, rooms, roomUnit: 'ft_in' }) }),
    );
    expect(created.status).toBe(201);
    const { listing } = (await created.json()) as {
      listing: { floorAreaSqFt: number; rooms: unknown; roomUnit: string };
    };
    expect(listing.rooms).toEqual([
      { name: 'Kitchen', lengthM: 4.2, widthM: 3.1 },
      { name: 'Bedroom', lengthM: 3.81, widthM: 3.048 },
    ]);
    expect(listing.roomUnit).toBe('ft_in');
    // 13.02 m² + 11.61 m² = 24.63 m² = 265 sq ft.
    expect(listing.floorAreaSqFt).toBe(265);
  });

  it('refuses bad uploads with clear messages and the right statuses', async () => {
    const draft = (await (
      await fetch(`${base}/drafts`, as('alice', { method: 'POST' }))
    ).json()) as { id: string };
    const upload = (body: Buffer, type = 'application/octet-stream') =>
      fetch(
        `${base}/drafts/${draft.id}/media`,
        as('alice', {
          method: 'POST',
          body: new Uint8Array(body),
          headers: { 'content-type': type },
        }),
      );
    const text = await upload(Buffer.from('plain text pretending to be a JPEG'));
    expect(text.status).toBe(415);
    const big = await upload(Buffer.alloc(2 * 1024 * 1024, 1));
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { message: string } }).error.message).toMatch(
      /at most 1 MB/,
    );
    expect((await upload(Buffer.from('x'), 'text/plain')).status).toBe(415);
    const photo = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#123456' },
    })
      .png()
      .toBuffer();
    expect((await upload(photo, 'image/png')).status).toBe(201);
    expect((await fetch(`${base}/drafts/${draft.id}`, as('bob'))).status).toBe(404);
  });

  it('describes its routes in the OpenAPI document', () => {
    expect(Object.keys(openApiDocument.paths)).toEqual(
      expect.arrayContaining([
        '/listings',
        '/listings/{id}',
        '/drafts/{id}/media',
        '/listings/{id}/enquiries',
        '/listings/{id}/reports',
        '/favourites/merge',
      ]),
    );
  });
});

/**
 * `GET /api/v1/listings/:id` follows the property page's rule (paused by the
 * lister or held by moderators and drafts 404, removed or deleted 410) and answers only the
 * public fields, never the search index, the owner or the contact address.
 */
const read = (id: number, user?: string) =>
  fetch(`${base}/listings/${id}`, { headers: user ? { 'x-test-user': user } : {} });

describe('listing visibility', () => {
  it('hides paused, held, removed, deleted and draft listings from the API as the page does', async () => {
    const db = database.db;
    const paused = await insertListing(db, { ownerSub: 'lister-1', status: 'paused' });
    const draft = await insertListing(db, { ownerSub: 'lister-1', status: 'draft' });
    const deleted = await insertListing(db, {
      ownerSub: 'lister-1',
      status: 'removed',
      deletedAt: new Date(),
    });
    const held = await reportedListing(marketplace, db, 'Held by moderators');
    await marketplace.moderation.decide({
      user: admin,
      listingId: held,
      input: { decision: 'pause', reason: 'Several scam reports from visitors' },
    });
    const removed = await reportedListing(marketplace, db, 'Removed by moderators');
    await marketplace.moderation.decide({
      user: admin,
      listingId: removed,
      input: { decision: 'remove', reason: 'Confirmed scam by our team' },
    });

    const statuses: Record<string, number> = {};
    for (const [name, id] of Object.entries({ paused, draft, deleted, held, removed })) {
      const response = await read(id);
      statuses[name] = response.status;
      const body = (await response.json()) as { error?: { code: string }; listing?: unknown };
      expect(body.listing).toBeUndefined();
      expect(body.error?.code).toMatch(/NOT_FOUND|GONE/);
      // The owner is refused too: they manage it through /me/listings.
      expect((await read(id, 'lister-1')).status).toBe(response.status);
    }
    expect(statuses).toEqual({ paused: 404, draft: 404, deleted: 410, held: 404, removed: 410 });

    const own = (await (
      await fetch(`${base}/me/listings`, { headers: { 'x-test-user': 'lister-1' } })
    ).json()) as { listings: { id: number; moderation: string | null }[] };
    expect(own.listings.find((entry) => entry.id === held)?.moderation).toBe('held');
    expect(own.listings.map((entry) => entry.id)).toEqual(
      expect.arrayContaining([paused, draft, deleted, removed]),
    );
  });

  it('answers a live listing with exactly the public fields', async () => {
    const id = await insertListing(database.db, {
      ownerSub: 'lister-2',
      contactEmail: 'lister-2@example.com',
      description: 'Keyword-rich description',
      viewCount: 12,
    });
    const response = await read(id);
    expect(response.status).toBe(200);
    const { listing } = (await response.json()) as { listing: Record<string, unknown> };
    const derived = [
      'displayAddress',
      'photos',
      'floorplans',
      'location',
      'priceHistory',
      'statusHistory',
      'reducedOn',
    ];
    expect(Object.keys(listing).sort()).toEqual([...PUBLIC_LISTING_COLUMNS, ...derived].sort());
    for (const secret of [
      'searchVector',
      'ownerSub',
      'contactEmail',
      'addressLine1',
      'postcode',
      'lat',
      'lng',
      'viewCount',
      'enquiryCount',
      'deletedAt',
      'confirmRequestedAt',
    ]) {
      expect(listing).not.toHaveProperty(secret);
    }
    expect(JSON.stringify(listing)).not.toContain('lister-2');
  });
});

describe('listingVisibility', () => {
  it('maps every status to public, hidden (404) or gone (410)', () => {
    expect(
      ['draft', 'active', 'under_offer', 'sold_stc', 'let_agreed', 'paused', 'removed'].map(
        (status) => listingVisibility({ status }),
      ),
    ).toEqual(['hidden', 'public', 'public', 'public', 'public', 'hidden', 'gone']);
    expect(listingVisibility({ status: 'active', deletedAt: new Date() })).toBe('gone');
  });
});
