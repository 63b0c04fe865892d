import { serveApiForTest } from '../../../tests/support/test-user.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, member, reportedListing } from '../../../tests/support/moderation-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import { openApiDocument } from '../openapi/document.ts';
import { listings } from '../listings/schema.ts';
import { createMarketplace, type Marketplace } from '../marketplace.ts';
import { mountModerationApi } from './api.ts';

/** `/api/v1/admin` over HTTP; the session middleware is replaced by one reading a test header. */
let database: TestDatabase;
let marketplace: Marketplace;

beforeAll(async () => {
  database = await createTestDatabase();
  marketplace = createMarketplace({ db: database.db });
});
afterAll(async () => {
  await database.destroy();
});

describe('/api/v1/admin', () => {
  let base: string;
  let close: () => Promise<void>;
  const users: Record<string, SessionUser> = { admin, member };

  beforeAll(async () => {
    ({ base, close } = await serveApiForTest(
      (api) => mountModerationApi(api, marketplace),
      (who) => users[who] ?? null,
    ));
  });
  afterAll(async () => {
    await close();
  });

  const call = (path: string, who: string | null, body?: unknown) =>
    fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(who ? { 'x-test-user': who } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('answers 401 signed out and 403 to members, with the standard error body', async () => {
    const id = await reportedListing(marketplace, database.db);
    const signedOut = await call('/admin/reports', null);
    expect(signedOut.status).toBe(401);
    const refused = await call('/admin/reports', 'member');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'Only administrators can do this.' },
    });
    const decide = await call(`/admin/listings/${id}/moderation`, 'member', {
      decision: 'remove',
      reason: 'Obvious scam listing',
    });
    expect(decide.status).toBe(403);
    const [listing] = await database.db.select().from(listings).where(eq(listings.id, id));
    expect(listing!.status).toBe('active');
  });

  it('lists, validates and records decisions for administrators', async () => {
    const id = await reportedListing(marketplace, database.db);
    const queue = await call('/admin/reports', 'admin');
    expect(queue.status).toBe(200);
    const body = (await queue.json()) as { listings: { listingId: number }[] };
    expect(body.listings.some((item) => item.listingId === id)).toBe(true);

    const invalid = await call(`/admin/listings/${id}/moderation`, 'admin', { decision: 'pause' });
    expect(invalid.status).toBe(422);
    expect(((await invalid.json()) as { error: { fields: object } }).error.fields).toHaveProperty(
      'reason',
    );

    const decided = await call(`/admin/listings/${id}/moderation`, 'admin', {
      decision: 'pause',
      reason: 'Photos show a different property.',
    });
    expect(decided.status).toBe(201);
    expect(await decided.json()).toMatchObject({ outcome: 'paused', reportsClosed: 3 });
    const again = await call(`/admin/listings/${id}/moderation`, 'admin', { decision: 'dismiss' });
    expect(again.status).toBe(409);

    const actions = await call('/admin/moderation-actions', 'admin');
    const recorded = (await actions.json()) as {
      actions: { listingId: number; outcome: string }[];
    };
    expect(recorded.actions[0]).toMatchObject({ listingId: id, outcome: 'paused' });
  });

  it('describes the admin endpoints in the OpenAPI document', () => {
    expect(Object.keys(openApiDocument.paths)).toEqual(
      expect.arrayContaining([
        '/admin/reports',
        '/admin/moderation-actions',
        '/admin/listings/{id}/moderation',
      ]),
    );
  });
});
