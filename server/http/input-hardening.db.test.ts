import { testSession } from '../../tests/support/test-user.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../tests/support/listing-factory.ts';
import { fetchFromSite } from '../../tests/support/fetch-from-site.ts';
import { serveForTest } from '../../tests/support/serve.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database.ts';
import { createLogger } from '../logger.ts';
import { addFavourite } from '../marketplace/favourites/manage-favourites.ts';
import { createMarketplace } from '../marketplace/marketplace.ts';
import { mountMarketplaceApi } from '../marketplace/mount-api.ts';
import { createLocalBlobStore } from '../media/blob-store.ts';
import { DEFAULT_IMAGE_LIMITS } from '../media/process-image.ts';
import { createWebHandler } from '../web/web-handler.ts';
import { createHttpApp } from './create-app.ts';

/**
 * Bad input through the whole HTTP stack — the real API routes and the real server-rendered
 * pages (the web build, as `npm test` makes it) over a real database: each is a 4xx with the
 * API error body or a plain error page, never a 500 and never a NUL reaching PostgreSQL.
 */
let database: TestDatabase;
let base: string;
let close: () => Promise<void>;
let blobRoot: string;
let listingId: number;
const logger = createLogger({ logLevel: 'silent' });
/** Requests as the site's own pages send them (writes must name the site's origin). */
const siteFetch = (url: string, init?: RequestInit) => fetchFromSite(base, url, init);

beforeAll(async () => {
  database = await createTestDatabase();
  blobRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'roost-hardening-'));
  listingId = await insertListing(database.db, {
    outcode: 'LS6',
    postcode: 'LS6 1AA',
    title: 'Two bedroom flat',
  });
  await addFavourite(database.db, 'alice', listingId);
  const marketplace = createMarketplace({
    db: database.db,
    media: {
      blobs: createLocalBlobStore(blobRoot),
      limits: DEFAULT_IMAGE_LIMITS,
      maxPhotos: 5,
    },
    logger,
    contact: { operatorEmail: 'hello@roost.test', limitPerHour: 50 },
  });
  const session = Router();
  session.use(testSession());
  const web = await createWebHandler(
    (req) => ({
      marketplace,
      logger,
      requestId: String(req.id),
      user: null,
      site: { companyName: 'Roost', companyNumber: undefined, blogUrl: '/', socialLinks: [] },
      clientIp: req.ip ?? 'unknown',
    }),
    { pageCacheSeconds: 0 },
  );
  const app = createHttpApp({
    logger,
    database,
    isShuttingDown: () => false,
    routers: [session],
    mountApi: (api) => mountMarketplaceApi(api, marketplace),
    web,
  });
  const served = await serveForTest(app);
  base = served.base;
  close = served.close;
}, 120_000);
afterAll(async () => {
  await close();
  await database.destroy();
  await fs.rm(blobRoot, { recursive: true, force: true });
});

async function expectApiError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message).toEqual(expect.any(String));
  return body;
}

async function expectErrorPage(response: Response, status: number, text?: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await response.text();
  expect(html).toContain('<h1>');
  expect(html).toContain('href="/"');
  if (text) expect(html).toContain(text);
  return html;
}

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const contactFields = {
  name: 'Ada Visitor',
  email: 'ada@example.com',
  phone: '',
  topic: 'general',
  message: 'Hello, I have a question about listing my flat on Roost.',
};
const enquiryFields = {
  intent: 'enquiry',
  name: 'Ada Visitor',
  email: 'ada@example.com',
  phone: '',
  message: 'Is the flat still available? I would like to know more.',
};

describe('NUL characters never reach the database', () => {
  it('refuses %00 in search parameters, on pages and in the API', async () => {
    await expectErrorPage(await siteFetch(`${base}/search/for-sale/?keywords=garden%00`), 400);
    await expectErrorPage(await siteFetch(`${base}/search/for-sale/?location=Leeds%00x`), 400);
    await expectApiError(
      await siteFetch(`${base}/api/v1/search?channel=sale&keywords=a%00b`),
      400,
      'BAD_REQUEST',
    );
  });

  it('refuses %00 in path segments', async () => {
    await expectErrorPage(await siteFetch(`${base}/property/${listingId}%00/x`), 400);
    await expectErrorPage(await siteFetch(`${base}/search/for-rent/leeds%00`), 400);
    await expectApiError(await siteFetch(`${base}/api/v1/drafts/abc%00def`), 400, 'BAD_REQUEST');
  });

  it('refuses NUL in API bodies with a 400 naming the field', async () => {
    const contact = await siteFetch(`${base}/api/v1/contact-messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...contactFields, message: `Hello\u0000 there, a question for you.` }),
    });
    const body = await expectApiError(contact, 400, 'BAD_REQUEST');
    expect(body).toMatchObject({ error: { fields: { message: expect.any(String) } } });

    const enquiry = await siteFetch(`${base}/api/v1/listings/${listingId}/enquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...enquiryFields, name: 'Ada\u0000' }),
    });
    expect(await expectApiError(enquiry, 400, 'BAD_REQUEST')).toMatchObject({
      error: { fields: { name: expect.any(String) } },
    });

    const note = await siteFetch(`${base}/api/v1/favourites/${listingId}/note`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-test-user': 'alice' },
      body: JSON.stringify({ note: 'Ask about\u0000 parking' }),
    });
    await expectApiError(note, 400, 'BAD_REQUEST');
    // The same note without the NUL is stored: the guard refuses only what cannot be stored.
    const clean = await siteFetch(`${base}/api/v1/favourites/${listingId}/note`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-test-user': 'alice' },
      body: JSON.stringify({ note: 'Ask about parking' }),
    });
    expect(clean.status).toBe(200);
  });

  it('refuses NUL in page form bodies (contact form, enquiry form)', async () => {
    await expectErrorPage(
      await siteFetch(
        `${base}/contact-us`,
        form({ ...contactFields, message: 'Hello\u0000 there' }),
      ),
      400,
    );
    await expectErrorPage(
      await siteFetch(
        `${base}/property/${listingId}/x`,
        form({ ...enquiryFields, message: 'Is it\u0000 still available for viewing soon?' }),
      ),
      400,
    );
    // A well-formed form still goes through to the page's action.
    const sent = await siteFetch(`${base}/contact-us`, form(contactFields));
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain('your message has been sent');
  });
});

describe('request bodies we cannot read', () => {
  const contactJson = JSON.stringify(contactFields);

  it('answers an unknown charset with 415', async () => {
    const response = await siteFetch(`${base}/api/v1/contact-messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=klingon' },
      body: contactJson,
    });
    await expectApiError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an unsupported Content-Encoding with 415, on the API and on pages', async () => {
    const headers = { 'content-type': 'application/json', 'content-encoding': 'compress' };
    await expectApiError(
      await siteFetch(`${base}/api/v1/contact-messages`, {
        method: 'POST',
        headers,
        body: contactJson,
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    await expectErrorPage(
      await siteFetch(`${base}/contact-us`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-encoding': 'compress',
        },
        body: new URLSearchParams(contactFields).toString(),
      }),
      415,
    );
  });

  it('answers a corrupt gzip body with 400, and reads a good one', async () => {
    const corrupt = Buffer.from(gzipSync(contactJson)).subarray(0, 20);
    await expectApiError(
      await siteFetch(`${base}/api/v1/contact-messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: corrupt,
      }),
      400,
      'BAD_REQUEST',
    );
    await expectErrorPage(
      await siteFetch(`${base}/contact-us`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-encoding': 'gzip',
        },
        body: corrupt,
      }),
      400,
    );
    const good = await siteFetch(`${base}/api/v1/contact-messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(contactJson),
    });
    expect(good.status).toBe(201);
  });
});

describe('malformed percent-encoding in a path', () => {
  it('is a 400, not a 500', async () => {
    await expectApiError(await siteFetch(`${base}/api/v1/drafts/%ff`), 400, 'BAD_REQUEST');
    await expectApiError(
      await siteFetch(`${base}/api/v1/listings/%E9/enquiries`, { method: 'POST' }),
      400,
      'BAD_REQUEST',
    );
    await expectErrorPage(await siteFetch(`${base}/property/%E9/x`), 400, 'not valid');
    await expectErrorPage(await siteFetch(`${base}/search/for-sale/%E9`), 400, 'not valid');
  });
});

describe('page actions sent as something other than a form', () => {
  it.each([
    ['application/json', JSON.stringify(contactFields)],
    ['text/plain', 'name=Ada'],
  ])('answers %s with 415 and says what to send', async (type, body) => {
    for (const page of ['/contact-us', `/property/${listingId}/x`]) {
      const response = await siteFetch(`${base}${page}`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
      await expectErrorPage(response, 415, 'application/x-www-form-urlencoded');
    }
  });

  it('still renders pages for GET', async () => {
    const page = await siteFetch(`${base}/contact-us`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Contact us');
  });
});
