import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import type { ListerEmail } from '../enquiries/submit-enquiry.ts';
import { answerFreshness, checkFreshnessLink } from './answer-freshness.ts';
import { changeListingStatus } from './change-listing-status.ts';
import { findOwnListings } from './find-own-listings.ts';
import { keepListingsFresh } from './keep-listings-fresh.ts';
import { listings, listingStatusHistory, type NewListing } from './schema.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const DAY = 86_400_000;
const secret = Buffer.from('freshness test secret', 'utf8');
const start = new Date();
const later = (days: number) => new Date(start.getTime() + days * DAY);
let emailCount = 0;

async function rowOf(id: number) {
  const [row] = await database.db.select().from(listings).where(eq(listings.id, id));
  return row!;
}

/** A listing last confirmed 29 days ago, asked by the freshness job: its e-mail's two tokens. */
async function askedListing(overrides: Partial<NewListing> = {}) {
  emailCount += 1;
  const contactEmail = `lister-${emailCount}@example.com`;
  const id = await insertListing(database.db, {
    contactEmail,
    publishedAt: new Date(start.getTime() - 29 * DAY),
    confirmedAt: new Date(start.getTime() - 29 * DAY),
    ...overrides,
  });
  const sent: ListerEmail[] = [];
  const send = async (email: ListerEmail) => {
    sent.push(email);
  };
  await keepListingsFresh(database.db, {
    send,
    publicUrl: 'https://roost.test',
    secret,
    now: start,
  });
  const email = sent.find((candidate) => candidate.to === contactEmail)!;
  const tokenOf = (label: string) =>
    new RegExp(`${label}: https://roost\\.test/listings/still-available\\?token=(\\S+)`).exec(
      email.text,
    )?.[1] ?? '';
  return { id, email, keep: tokenOf('Yes, keep it live'), tokenOf };
}

describe("answering 'Is it still available?' from the e-mail", () => {
  it('the e-mail offers both answers as signed links, in text and escaped html', async () => {
    const { email, keep, tokenOf } = await askedListing({ title: 'Flat <b>by</b> the park' });
    expect(keep).toMatch(/^\d+\.keep\.\d+\.[\w-]{43}$/);
    expect(tokenOf('It has sold')).toMatch(/\.agreed\./);
    expect(email.text).toContain('If we do not hear from you within 7 days we will pause it.');
    expect(email.html).toContain('Flat &lt;b&gt;by&lt;/b&gt; the park');
    expect(email.html).toContain(`still-available?token=${keep}`);
    expect(email.html).toContain('>Yes, keep it live</a>');
    expect(email.html).toContain('>It has sold</a>');
  });

  it('"Yes, keep it live" confirms the listing once; a second use is refused', async () => {
    const db = database.db;
    const { id, keep, tokenOf } = await askedListing();
    const agreed = tokenOf('It has sold');
    expect(await checkFreshnessLink(db, { secret, token: keep, now: later(1) })).toMatchObject({
      kind: 'ready',
      action: 'keep',
    });

    const answer = await answerFreshness(db, { secret, token: keep, now: later(1) });
    expect(answer).toMatchObject({ kind: 'kept', liveUntil: later(36).toISOString() });
    const row = await rowOf(id);
    expect(row.status).toBe('active');
    expect(row.confirmedAt?.getTime()).toBe(later(1).getTime());

    expect(await answerFreshness(db, { secret, token: keep, now: later(2) })).toEqual({
      kind: 'used',
    });
    expect(await answerFreshness(db, { secret, token: agreed, now: later(2) })).toEqual({
      kind: 'used',
    });
    expect(await checkFreshnessLink(db, { secret, token: keep, now: later(2) })).toEqual({
      kind: 'used',
    });
    // Answered: the week's deadline passes without a pause.
    await keepListingsFresh(db, {
      send: undefined,
      publicUrl: 'https://roost.test',
      now: later(8),
    });
    expect((await rowOf(id)).status).toBe('active');
  });

  it('"It has sold" marks a sale sold STC and "It has been let" a let let agreed', async () => {
    const db = database.db;
    const sale = await askedListing();
    const rent = await askedListing({ channel: 'rent', rentPeriod: 'month', price: 950 });
    const saleToken = sale.tokenOf('It has sold');
    const rentToken = rent.tokenOf('It has been let');
    expect(rent.tokenOf('It has sold')).toBe('');

    expect(await answerFreshness(db, { secret, token: saleToken, now: later(1) })).toMatchObject({
      kind: 'agreed',
      status: 'sold_stc',
    });
    expect(await answerFreshness(db, { secret, token: rentToken, now: later(1) })).toMatchObject({
      kind: 'agreed',
      status: 'let_agreed',
    });
    expect((await rowOf(sale.id)).status).toBe('sold_stc');
    expect((await rowOf(rent.id)).status).toBe('let_agreed');
    const history = await db
      .select({ event: listingStatusHistory.event })
      .from(listingStatusHistory)
      .where(eq(listingStatusHistory.listingId, sale.id));
    expect(history).toEqual([{ event: 'sold_stc' }]);

    expect(await answerFreshness(db, { secret, token: saleToken, now: later(2) })).toEqual({
      kind: 'used',
    });
    expect(await answerFreshness(db, { secret, token: sale.keep, now: later(2) })).toEqual({
      kind: 'used',
    });
    expect((await rowOf(sale.id)).status).toBe('sold_stc');
  });

  it('"Yes, keep it live" puts a listing paused for want of an answer back on Roost', async () => {
    const db = database.db;
    const { id, keep } = await askedListing();
    await keepListingsFresh(db, {
      send: undefined,
      publicUrl: 'https://roost.test',
      now: later(8),
    });
    expect((await rowOf(id)).status).toBe('paused');
    expect(await answerFreshness(db, { secret, token: keep, now: later(9) })).toMatchObject({
      kind: 'kept',
    });
    const row = await rowOf(id);
    expect(row.status).toBe('active');
    expect(row.statusChangedAt.getTime()).toBe(later(9).getTime());
  });

  it('refuses a link after 14 days, once answered from the account, or for a deleted listing', async () => {
    const db = database.db;
    const stale = await askedListing();
    expect(await answerFreshness(db, { secret, token: stale.keep, now: later(15) })).toEqual({
      kind: 'expired',
    });

    const answered = await askedListing({ ownerSub: 'owner-answering' });
    await changeListingStatus(db, {
      listingId: answered.id,
      userSub: 'owner-answering',
      input: { status: 'active' },
      now: later(1),
    });
    expect(await answerFreshness(db, { secret, token: answered.keep, now: later(2) })).toEqual({
      kind: 'used',
    });

    const deleted = await askedListing();
    await db
      .update(listings)
      .set({ deletedAt: later(1) })
      .where(eq(listings.id, deleted.id));
    expect(await answerFreshness(db, { secret, token: deleted.keep, now: later(2) })).toEqual({
      kind: 'not-live',
    });
    expect(
      await answerFreshness(db, { secret: undefined, token: deleted.keep, now: later(2) }),
    ).toEqual({ kind: 'invalid' });
  });

  it('the account shows the open question, with its deadline, until it is answered', async () => {
    const db = database.db;
    const { id, keep } = await askedListing({ ownerSub: 'owner-with-question' });
    const own = async () =>
      (await findOwnListings(db, 'owner-with-question')).find((listing) => listing.id === id)!;
    expect((await own()).confirmation).toEqual({ pausesAt: later(7).toISOString() });
    await answerFreshness(db, { secret, token: keep, now: later(1) });
    expect((await own()).confirmation).toBeNull();
  });
});
