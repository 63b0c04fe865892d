import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import type { Message } from '../../mail/mailer.ts';
import { createOfflineGeocoder } from '../search/geocoder.ts';
import { createSearchService } from '../search/search-service.ts';
import { saveSearch, unsubscribeSavedSearch } from './saved-searches.ts';
import { listingPriceHistory } from '../listings/schema.ts';
import { alertDeliveries, savedSearches } from './schema.ts';
import { LISTINGS_PER_ALERT, sendAlertFor, type SearchAlertDeps } from './send-search-alerts.ts';
import { createUnsubscribeToken, readUnsubscribeToken } from './unsubscribe-token.ts';

let database: TestDatabase;
const secret = Buffer.from('a-test-secret-that-is-long-enough-for-hmac');
let sent: Message[] = [];
let failNextSend = false;
let deps: SearchAlertDeps;
let town = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const geocoder = createOfflineGeocoder(database.db);
  deps = {
    db: database.db,
    search: createSearchService({ db: database.db, geocoder }).run,
    send: async (message) => {
      if (failNextSend) {
        failNextSend = false;
        throw new Error('SMTP is down');
      }
      sent.push(message);
    },
    publicUrl: () => 'https://roost.example',
    secret,
  };
});
afterAll(() => database.destroy());
beforeEach(() => {
  sent = [];
  failNextSend = false;
  town += 1;
});

/** A saved 'minBeds=3' search in its own area (York's place slug, town name unique per test). */
async function savedSearchInOwnTown() {
  const name = `Alerttown ${town}`;
  const lat = 40 + town; // far from everything else, so only this test's listings match
  const saved = await saveSearch(
    database.db,
    { sub: `owner-${town}`, email: `buyer${town}@example.com` },
    {
      name: `Three beds ${town}`,
      channel: 'sale',
      params: `location=ZZ${town}&minBeds=3&radius=1`,
    },
  );
  await database.db
    .update(savedSearches)
    .set({ createdAt: new Date(Date.now() - 3_600_000) })
    .where(eq(savedSearches.id, saved.id));
  const add = (overrides: Parameters<typeof insertListing>[1] = {}) =>
    insertListing(database.db, {
      town: name,
      outcode: `ZZ${town}`,
      postcode: `ZZ${town} 1AA`,
      lat,
      lng: 0,
      bedrooms: 3,
      publishedAt: new Date(),
      ...overrides,
    });
  const [row] = await database.db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.id, saved.id));
  return { saved: row!, add };
}

describe('search alerts', () => {
  it('e-mails new matching homes once, with working links and an unsubscribe link', async () => {
    const { saved, add } = await savedSearchInOwnTown();
    const match = await add({ title: 'Sunny 3 bed <b>house</b>' });
    await add({ bedrooms: 1 }); // does not match minBeds=3
    await add({ publishedAt: new Date(Date.now() - 2 * 3_600_000) }); // was there before saving

    expect(await sendAlertFor(deps, saved)).toBe(1);
    expect(sent).toHaveLength(1);
    const [message] = sent;
    if (message?.channel !== 'email') throw new Error('expected an e-mail');
    expect(message.to).toBe(`buyer${town}@example.com`);
    expect(message.subject).toContain('1 new or reduced home');
    expect(message.text).toContain(`https://roost.example/property/${match}/`);
    expect(message.html).toContain('Sunny 3 bed &lt;b&gt;house&lt;/b&gt;');
    expect(message.html).not.toContain('<b>house</b>');
    const unsubscribe = /\/alerts\/unsubscribe\?token=([\w.-]+)/.exec(message.text)?.[1];
    expect(readUnsubscribeToken(secret, unsubscribe!)).toBe(saved.id);
    expect(message.headers?.['List-Unsubscribe']).toContain(unsubscribe);
    expect(message.text).toContain(
      `See the search: https://roost.example/saved-searches/${saved.id}`,
    );

    expect(await sendAlertFor(deps, saved)).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it('includes homes listed earlier once their price is reduced, and never twice', async () => {
    const { saved, add } = await savedSearchInOwnTown();
    const listedBefore = new Date(Date.now() - 2 * 3_600_000);
    const reduced = await add({ publishedAt: listedBefore, price: 190_000 });
    const raised = await add({ publishedAt: listedBefore, price: 260_000 });
    await database.db.insert(listingPriceHistory).values([
      { listingId: reduced, price: 200_000, changedAt: listedBefore },
      { listingId: reduced, price: 190_000, changedAt: new Date() },
      { listingId: raised, price: 250_000, changedAt: listedBefore },
      { listingId: raised, price: 260_000, changedAt: new Date() },
    ]);
    expect(await sendAlertFor(deps, saved)).toBe(1);
    const [message] = sent;
    expect(message?.channel === 'email' && message.text).toContain(`Reduced: £190,000`);
    expect(message?.channel === 'email' && message.text).not.toContain(`/property/${raised}/`);
    expect(await sendAlertFor(deps, saved)).toBe(0);
  });

  it('records nothing when the e-mail fails, so the next run sends it', async () => {
    const { saved, add } = await savedSearchInOwnTown();
    await add();
    failNextSend = true;
    await expect(sendAlertFor(deps, saved)).rejects.toThrow('SMTP is down');
    const recorded = await database.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.savedSearchId, saved.id));
    expect(recorded).toEqual([]);
    expect(await sendAlertFor(deps, saved)).toBe(1);
    expect(sent).toHaveLength(1);
  });

  it(`sends at most ${LISTINGS_PER_ALERT} homes an e-mail and the rest next time`, async () => {
    const { saved, add } = await savedSearchInOwnTown();
    for (let index = 0; index < LISTINGS_PER_ALERT + 3; index += 1) await add();
    expect(await sendAlertFor(deps, saved)).toBe(LISTINGS_PER_ALERT);
    const [message] = sent;
    if (message?.channel !== 'email') throw new Error('expected an e-mail');
    expect(message.subject).toContain(`${LISTINGS_PER_ALERT + 3} new or reduced homes`);
    expect(message.text.match(/\/property\//g)).toHaveLength(LISTINGS_PER_ALERT);
    // The rest are a link away: the saved search's own link, which opens its results.
    const landing = `https://roost.example/saved-searches/${saved.id}`;
    expect(message.text).toContain(`…and 3 more homes. See them all: ${landing}\n`);
    expect(message.html).toContain(`…and 3 more homes. <a href="${landing}">See them all</a>`);
    expect(await sendAlertFor(deps, saved)).toBe(3);
    expect(await sendAlertFor(deps, saved)).toBe(0);
  });

  it('stops after unsubscribing', async () => {
    const { saved } = await savedSearchInOwnTown();
    expect(await unsubscribeSavedSearch(database.db, saved.id)).toBe(saved.name);
    const [row] = await database.db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.id, saved.id));
    expect(row?.unsubscribedAt).toBeInstanceOf(Date);
  });
});

describe('unsubscribe tokens', () => {
  it('accept only the token made for that search with our secret', () => {
    const token = createUnsubscribeToken(secret, 42);
    expect(readUnsubscribeToken(secret, token)).toBe(42);
    expect(readUnsubscribeToken(secret, token.replace(/^42/, '43'))).toBeUndefined();
    expect(
      readUnsubscribeToken(Buffer.from('another-secret-another-secret-xx'), token),
    ).toBeUndefined();
    expect(readUnsubscribeToken(secret, 'garbage')).toBeUndefined();
  });
});

describe('saving a search', () => {
  it('keeps only valid filters and refuses bad names', async () => {
    const saved = await saveSearch(
      database.db,
      { sub: 'saver', email: 'saver@example.com' },
      { name: 'Flats', channel: 'rent', params: 'type=flat&minPrice=abc&page=4' },
    );
    expect(saved.params).toBe('type=flat');
    await expect(
      saveSearch(
        database.db,
        { sub: 'saver', email: 'saver@example.com' },
        { name: '  ', channel: 'rent' },
      ),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { name: 'Give your search a name' },
    });
    await expect(
      saveSearch(database.db, { sub: 'no-mail', email: undefined }, { name: 'x', channel: 'rent' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
