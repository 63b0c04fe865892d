import { testSession } from '../../../tests/support/test-user.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Router } from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFromSite } from '../../../tests/support/fetch-from-site.ts';
import { heicDeclaring } from '../../../tests/support/heic-sample.ts';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { serveForTest } from '../../../tests/support/serve.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { createHttpApp } from '../../http/create-app.ts';
import { createJobQueue } from '../../jobs/job-queue.ts';
import { createLogger } from '../../logger.ts';
import { createLocalBlobStore, type BlobStore } from '../../media/blob-store.ts';
import { createDecodeSlots } from '../../media/decode-slots.ts';
import { DEFAULT_IMAGE_LIMITS } from '../../media/process-image.ts';
import { createMarketplace, type Marketplace } from '../marketplace.ts';
import { mountListingsApi } from './api.ts';
import { createAnonymousDraftExpiryJob } from './expire-anonymous-drafts.ts';
import { listingDrafts } from './schema.ts';

/**
 * What a visitor who never signs in can make the server do and keep: drafts per address, media
 * per draft, decodes at once, and how long it all stays. Over HTTP through the real app (no
 * proxy trusted, as by default), on each database engine.
 */
let database: TestDatabase;
let marketplace: Marketplace;
let blobs: BlobStore;
let blobRoot: string;
let base: string;
let close: () => Promise<void>;
const logger = createLogger({ logLevel: 'silent' });
/** Requests as the site's own pages send them (writes must name the site's origin). */
const siteFetch = (url: string, init?: RequestInit) => fetchFromSite(base, url, init);
const decodeSlots = createDecodeSlots({ concurrency: 1, maxWaiting: 0 });
const DRAFTS_PER_HOUR = 3;
const ANONYMOUS_MEDIA = 2;

beforeAll(async () => {
  database = await createTestDatabase();
  blobRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'roost-anonymous-'));
  blobs = createLocalBlobStore(blobRoot);
  marketplace = createMarketplace({
    db: database.db,
    media: {
      blobs,
      limits: DEFAULT_IMAGE_LIMITS,
      maxPhotos: 5,
      maxAnonymousMedia: ANONYMOUS_MEDIA,
      decodeSlots,
    },
    anonymousDraftsPerHour: DRAFTS_PER_HOUR,
    logger,
  });
  const session = Router();
  session.use(testSession());
  const app = createHttpApp({
    logger,
    database,
    isShuttingDown: () => false,
    routers: [session],
    mountApi: (api) => mountListingsApi(api, marketplace),
    web: Router(),
  });
  const served = await serveForTest(app);
  base = `${served.base}/api/v1`;
  close = served.close;
});
afterAll(async () => {
  await close();
  await database.destroy();
  await fs.rm(blobRoot, { recursive: true, force: true });
});

let colours = 0;
/** A small JPEG, different every time (blobs are kept by content). */
async function photo(): Promise<Buffer> {
  colours += 1;
  return sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: colours, g: 90, b: 120 } },
  })
    .jpeg()
    .toBuffer();
}

let addresses = 0;
/** Started signed out through the service, each from its own address. */
async function anonymousDraft(): Promise<string> {
  addresses += 1;
  return (
    await marketplace.listings.startDraft({ user: null, clientIp: `198.51.100.${addresses}` })
  ).id;
}

function upload(draftId: string, bytes: Buffer, user?: string) {
  return siteFetch(`${base}/drafts/${draftId}/media?kind=photo`, {
    method: 'POST',
    headers: { 'content-type': 'image/jpeg', ...(user ? { 'x-test-user': user } : {}) },
    body: new Uint8Array(bytes),
  });
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

async function storedBlobs(): Promise<string[]> {
  const dirs = await fs.readdir(blobRoot).catch(() => []);
  const keys: string[] = [];
  for (const dir of dirs) keys.push(...(await fs.readdir(path.join(blobRoot, dir))));
  return keys.sort();
}

describe('uploads to a draft started signed out', () => {
  it('refuses a HEIC declaring 12,000 × 12,000 pixels with 413 from its header, storing nothing', async () => {
    const draftId = await anonymousDraft();
    const before = await storedBlobs();
    // Every decode slot is held (and none may wait): an upload that reached the decoder would
    // get 503, so a 413 shows the size was refused from the header, before any decoding.
    let release = () => {};
    const held = decodeSlots.run(() => new Promise<void>((resolve) => (release = resolve)));
    let response: Response;
    try {
      response = await upload(draftId, heicDeclaring(12_000, 12_000));
    } finally {
      release();
      await held;
    }
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringMatching(/12,000 × 12,000 pixels/),
    });
    expect(await storedBlobs()).toEqual(before);
  });

  it('holds a few photos until someone signs in to the draft', async () => {
    const draftId = await anonymousDraft();
    for (let index = 0; index < ANONYMOUS_MEDIA; index += 1) {
      expect((await upload(draftId, await photo())).status).toBe(201);
    }
    const full = await upload(draftId, await photo());
    expect(full.status).toBe(409);
    expect((await errorOf(full)).message).toMatch(/^Sign in to add more/);
    // Signing in claims the draft, and the listing's own limit applies again.
    expect((await upload(draftId, await photo(), 'alice')).status).toBe(201);
  });

  it('answers 503 with Retry-After while every decode slot is busy', async () => {
    const draftId = await anonymousDraft();
    let release = () => {};
    const held = decodeSlots.run(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const busy = await upload(draftId, await photo());
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('5');
      expect((await errorOf(busy)).code).toBe('UNAVAILABLE');
    } finally {
      release();
      await held;
    }
    expect((await upload(draftId, await photo())).status).toBe(201);
  });
});

describe('drafts started signed out', () => {
  it('are limited per address and hour, and X-Forwarded-For does not reset the count', async () => {
    for (let index = 0; index < DRAFTS_PER_HOUR; index += 1) {
      const started = await siteFetch(`${base}/drafts`, {
        method: 'POST',
        headers: { 'X-Forwarded-For': `203.0.113.${index + 1}` },
      });
      expect(started.status).toBe(201);
    }
    const refused = await siteFetch(`${base}/drafts`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': '203.0.113.200' },
    });
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).code).toBe('RATE_LIMITED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Signed in, the same address may start more: the account answers for them.
    const signedIn = await siteFetch(`${base}/drafts`, {
      method: 'POST',
      headers: { 'x-test-user': 'alice' },
    });
    expect(signedIn.status).toBe(201);
  });

  it('are deleted with their unused photos after 7 days untouched, by the durable job', async () => {
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    const age = (draftId: string) =>
      database.db
        .update(listingDrafts)
        .set({ updatedAt: eightDaysAgo })
        .where(eq(listingDrafts.id, draftId));

    // Abandoned: one photo its own, one a listing also shows, one a fresh draft also holds.
    const abandoned = await anonymousDraft();
    const [own, listed, shared] = [await photo(), await photo(), await photo()];
    expect((await upload(abandoned, own)).status).toBe(201);
    expect((await upload(abandoned, listed)).status).toBe(201);
    const media = (await marketplace.listings.getDraft({ user: null, draftId: abandoned })).media;
    await insertListing(database.db, {}, [media[1]!.key]);
    const fresh = await anonymousDraft();
    expect((await upload(fresh, shared)).status).toBe(201);
    await database.db
      .update(listingDrafts)
      .set({
        media: [
          ...media,
          (await marketplace.listings.getDraft({ user: null, draftId: fresh })).media[0]!,
        ],
      })
      .where(eq(listingDrafts.id, abandoned));
    await age(abandoned);
    // Old but signed in to: kept.
    const bob = { userId: 'bob', username: 'bob', email: 'bob@example.com', isAdmin: false };
    const owned = (
      await marketplace.listings.startDraft({ user: bob as SessionUser, clientIp: '::1' })
    ).id;
    await age(owned);

    const before = await storedBlobs();
    const queue = createJobQueue({
      db: database.db,
      logger,
      definitions: [createAnonymousDraftExpiryJob({ db: database.db, blobs })],
    });
    await queue.enqueue('drafts.expire-anonymous', {});
    expect(await queue.runDue()).toBe(1);

    const remaining = await database.db.select({ id: listingDrafts.id }).from(listingDrafts);
    const ids = remaining.map((row) => row.id);
    expect(ids).not.toContain(abandoned);
    expect(ids).toContain(fresh);
    expect(ids).toContain(owned);
    const after = await storedBlobs();
    const ownKey = media[0]!.key;
    expect(before).toContain(ownKey);
    expect(after).not.toContain(ownKey);
    expect(after).toEqual(before.filter((key) => key !== ownKey));
  });
});
