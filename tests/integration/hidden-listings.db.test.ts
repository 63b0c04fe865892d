import { serveApiForTest } from '../support/test-user.ts';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFavourites } from '../../server/marketplace/favourites/manage-favourites.ts';
import { saveSearch } from '../../server/marketplace/alerts/saved-searches.ts';
import { savedSearches } from '../../server/marketplace/alerts/schema.ts';
import { sendAlertFor } from '../../server/marketplace/alerts/send-search-alerts.ts';
import { mountListingsApi } from '../../server/marketplace/listings/api.ts';
import {
  getListerProfile,
  rememberLister,
} from '../../server/marketplace/listings/lister-profile.ts';
import { listers, listings } from '../../server/marketplace/listings/schema.ts';
import { createMarketplace, type Marketplace } from '../../server/marketplace/marketplace.ts';
import { messageThreads } from '../../server/marketplace/messages/schema.ts';
import type { Message } from '../../server/mail/mailer.ts';
import type { SearchPage } from '../../server/marketplace/search/run-search.ts';
import { insertListing } from '../support/listing-factory.ts';
import { admin, person } from '../support/moderation-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * A listing that is not public (paused, held or removed by moderators, deleted, its lister
 * suspended) shows nothing of itself on any card: favourites (API and page data), search alert
 * e-mails, the enquirer's message threads and the lister's profile. Ids are sequential, so any
 * leak would let anyone read every removed scam.
 */
let database: TestDatabase;
let marketplace: Marketplace;
let base: string;
let close: () => Promise<void>;
const bob = person('bob-buyer');
let sequence = 0;

/** What must never appear for a hidden listing: its title, price, street and rooms. */
const SECRET = { title: 'Secret scam flat', price: 123_457, street: 'Hiddenhay Road', beds: 7 };

async function secretListing(ownerSub = 'lister-1'): Promise<number> {
  sequence += 1;
  return insertListing(database.db, {
    ownerSub,
    title: `${SECRET.title} ${sequence}`,
    price: SECRET.price,
    bedrooms: SECRET.beds,
    addressLine1: `${sequence} ${SECRET.street}`,
    contactEmail: `${ownerSub}@example.com`,
  });
}

function expectNothingOf(value: unknown) {
  const text = JSON.stringify(value);
  expect(text).not.toContain(SECRET.title);
  expect(text).not.toContain(String(SECRET.price));
  expect(text).not.toContain('£123,457');
  expect(text).not.toContain(SECRET.street);
}

const setListing = (id: number, values: Partial<typeof listings.$inferInsert>) =>
  database.db.update(listings).set(values).where(eq(listings.id, id));

async function moderate(id: number, decision: 'pause' | 'remove') {
  await marketplace.reports.submit({
    user: null,
    listingId: id,
    input: { reason: 'scam', details: 'Asked for a deposit by bank transfer' },
    ip: `198.51.100.${id % 250}`,
  });
  await marketplace.moderation.decide({
    user: admin,
    listingId: id,
    input: { decision, reason: 'Reported as a scam by several visitors' },
  });
}

const HIDE: [string, (id: number) => Promise<unknown>][] = [
  ['paused by its lister', (id) => setListing(id, { status: 'paused' })],
  ['held by moderators', (id) => moderate(id, 'pause')],
  ['removed by moderators', (id) => moderate(id, 'remove')],
  ['deleted by its lister', (id) => setListing(id, { deletedAt: new Date() })],
  ['hidden by suspending its lister', (id) => setListing(id, { ownerSuspendedAt: new Date() })],
];

beforeAll(async () => {
  database = await createTestDatabase();
  marketplace = createMarketplace({
    db: database.db,
    publicUrl: 'https://roost.test',
    logger: pino({ level: 'silent' }),
    mail: () => async () => undefined,
    enquiryLimitPerHour: 100,
  });
  ({ base, close } = await serveApiForTest(
    (api) => mountListingsApi(api, marketplace),
    (sub) => person(sub),
  ));
});
afterAll(async () => {
  await close();
  await database.destroy();
});

const putFavourite = async (id: number) => {
  const response = await fetch(`${base}/favourites/${id}`, {
    method: 'PUT',
    headers: { 'x-test-user': bob.userId },
  });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
};

describe('favourites', () => {
  it.each(HIDE)(
    'refuses to favourite a listing %s, with the 404 of a missing listing',
    async (_state, hide) => {
      const id = await secretListing();
      await hide(id);
      const missing = await putFavourite(99_999_999);
      expect(missing.status).toBe(404);
      expect(await putFavourite(id)).toEqual(missing);
      expect(await marketplace.favourites.merge({ user: bob, ids: [id] })).not.toContain(
        String(id),
      );
    },
  );

  it.each(HIDE)(
    'shows a favourite whose listing was later %s as no longer advertised, and removes it',
    async (_state, hide) => {
      const user = person(`saver-${sequence}`);
      const id = await secretListing();
      const shown = await secretListing();
      expect((await putFavourite(id)).status).toBe(204);
      await marketplace.favourites.add({ user, listingId: id });
      await marketplace.favourites.add({ user, listingId: shown });
      await marketplace.favourites.setNote({ user, listingId: id, note: 'Ask about parking' });
      await hide(id);

      const cards = await listFavourites(database.db, user.userId);
      expect(cards.find((card) => card.id === id)).toEqual({
        id,
        isAdvertised: false,
        note: 'Ask about parking',
      });
      expectNothingOf(cards.filter((card) => card.id === id));
      expect(cards.find((card) => card.id === shown)).toMatchObject({ isAdvertised: true });

      await marketplace.favourites.remove({ user, listingId: id });
      expect((await listFavourites(database.db, user.userId)).map((card) => card.id)).toEqual([
        shown,
      ]);
    },
  );
});

describe('message threads', () => {
  it('shows the enquirer only that the home is no longer advertised; its lister still sees it', async () => {
    const lister = person('thread-lister');
    const id = await secretListing(lister.userId);
    await marketplace.enquiries.submit({
      user: bob,
      listingId: id,
      input: { name: 'Bob Buyer', email: 'bob@example.com', message: 'Is it still available?' },
      ip: '203.0.113.9',
    });
    const [thread] = await database.db
      .select()
      .from(messageThreads)
      .where(eq(messageThreads.listingId, id));
    await moderate(id, 'remove');

    const listed = (await marketplace.messages.list({ user: bob })).find(
      (entry) => entry.id === thread!.id,
    );
    expect(listed?.listing).toEqual({ id, isAdvertised: false });
    const read = await marketplace.messages.read({ user: bob, threadId: thread!.id });
    expect(read.listing).toEqual({ id, isAdvertised: false });
    expectNothingOf(read.listing);

    const own = await marketplace.messages.read({ user: lister, threadId: thread!.id });
    expect(own.listing).toMatchObject({ isAdvertised: true, path: null });
  });
});

describe('search alert e-mails', () => {
  it('leave out a listing that stopped being public after the search found it', async () => {
    const id = await secretListing();
    const live = await insertListing(database.db, { title: 'Bright terrace', price: 250_000 });
    const saved = await saveSearch(
      database.db,
      { sub: 'alert-owner', email: 'alerts@example.com' },
      { name: 'Anything', channel: 'sale', params: 'location=LS6' },
    );
    const [row] = await database.db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.id, saved.id));
    // The search answered before the moderators' decision reached it.
    const [found] = await database.db.select().from(listings).where(eq(listings.id, id));
    const [other] = await database.db.select().from(listings).where(eq(listings.id, live));
    const card = (listing: typeof found) =>
      ({
        ...listing!,
        displayAddress: `${listing!.addressLine1}, ${listing!.town}`,
        publishedAt: listing!.publishedAt!.toISOString(),
      }) as unknown as SearchPage['items'][number];
    await moderate(id, 'remove');
    const sent: Message[] = [];
    await sendAlertFor(
      {
        db: database.db,
        search: async () => ({ items: [card(found), card(other)] }) as unknown as SearchPage,
        send: async (message) => {
          sent.push(message);
        },
        publicUrl: () => 'https://roost.test',
        secret: Buffer.from('a-test-secret-that-is-long-enough-for-hmac'),
      },
      row!,
    );
    expect(sent).toHaveLength(1);
    const message = sent[0]!;
    if (message.channel !== 'email') throw new Error('expected an e-mail');
    expect(message.text).toContain(`/property/${live}/`);
    expect(message.text).not.toContain(`/property/${id}/`);
    expect(message.html).not.toContain(`/property/${id}/`);
    expectNothingOf(message);
  });
});

describe('lister profiles', () => {
  it('list only public listings: none while the lister is suspended', async () => {
    const lister = person('profile-lister');
    await rememberLister(database.db, { sub: lister.userId, name: 'Pat Profile' });
    const live = await secretListing(lister.userId);
    const paused = await secretListing(lister.userId);
    await setListing(paused, { status: 'paused' });
    const [{ publicId }] = (await database.db
      .select({ publicId: listers.publicId })
      .from(listers)
      .where(eq(listers.sub, lister.userId))) as [{ publicId: string }];
    const before = await getListerProfile(database.db, publicId);
    expect(before!.listings.map((listing) => listing.id)).toEqual([live]);

    await setListing(live, { ownerSuspendedAt: new Date() });
    const after = await getListerProfile(database.db, publicId);
    expect(after!.listings).toEqual([]);
  });
});
