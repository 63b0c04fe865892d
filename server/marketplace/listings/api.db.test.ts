import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { createApiRouter } from '../../http/api.ts';
import { createLocalBlobStore } from '../../media/blob-store.ts';
import { DEFAULT_IMAGE_LIMITS } from '../../media/process-image.ts';
import { createMarketplace } from '../marketplace.ts';
import { mountListingsApi } from './api.ts';
import { serveForTest } from '../../../tests/support/serve.ts';

/**
 * The HTTP adapter: status codes, the error body and ownership through `/api/v1`. The session
 * middleware is replaced by one reading a test header; the real one verifies ID tokens by JWKS.
 */
let database: TestDatabase;
let base: string;
let blobRoot: string;
let close: () => Promise<void>;

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
  const marketplace = createMarketplace({
    db: database.db,
    media: {
      blobs: createLocalBlobStore(blobRoot),
      limits: { ...DEFAULT_IMAGE_LIMITS, maxBytes: 1024 * 1024 },
      maxPhotos: 5,
    },
    logger: pino({ level: 'silent' }),
  });
  const app = express();
  app.use((req, res, next) => {
    const sub = req.headers['x-test-user'];
    res.locals.sessionUser =
      typeof sub === 'string'
        ? { userId: sub, username: sub, email: `${sub}@example.com`, isAdmin: false }
        : null;
    req.log = pino({ level: 'silent' });
    next();
  });
  app.use(
    '/api/v1',
    createApiRouter((api) => mountListingsApi(api, marketplace)),
  );
  const served = await serveForTest(app);
  base = `${served.base}/api/v1`;
  close = served.close;
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

  it('publishes the OpenAPI document for every route', async () => {
    const document = (await (await fetch(`${base}/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, object>;
    };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
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
