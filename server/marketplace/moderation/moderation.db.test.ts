import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import {
  admin,
  member,
  person,
  reportedListing as reportedListingIn,
  reporterA,
} from '../../../tests/support/moderation-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import type { ListerEmail } from '../enquiries/submit-enquiry.ts';
import { listings } from '../listings/schema.ts';
import { createMarketplace, type Marketplace } from '../marketplace.ts';
import { listingReports } from '../reports/schema.ts';
import { moderationActions } from './schema.ts';

let database: TestDatabase;
let marketplace: Marketplace;
let sent: ListerEmail[];

beforeAll(async () => {
  database = await createTestDatabase();
  marketplace = createMarketplace({
    db: database.db,
    publicUrl: 'https://roost.test',
    logger: pino({ level: 'silent' }),
    mail: (tag) =>
      tag === 'listing-moderation'
        ? async (email) => {
            sent.push(email);
          }
        : undefined,
  });
});
afterAll(async () => {
  await database.destroy();
});
beforeEach(() => {
  sent = [];
});

const reportedListing = (title?: string) => reportedListingIn(marketplace, database.db, title);

describe('moderation use cases', () => {
  it('refuses people who are not administrators, signed in or not', async () => {
    const id = await reportedListing();
    await expect(marketplace.moderation.reportedListings({ user: member })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(marketplace.moderation.reportedListings({ user: null })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    await expect(marketplace.moderation.recentDecisions({ user: member })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      marketplace.moderation.decide({
        user: member,
        listingId: id,
        input: {
          decision: 'remove',
          reason: 'Obvious scam listing',
        },
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const [row] = await database.db.select().from(listings).where(eq(listings.id, id));
    expect(row!.status).toBe('active');
    const open = await database.db
      .select()
      .from(listingReports)
      .where(eq(listingReports.listingId, id));
    expect(open.every((report) => report.status === 'open')).toBe(true);
  });

  it('lists open reports grouped by listing with the number of reporters', async () => {
    const id = await reportedListing('Grouped reports listing');
    const queue = await marketplace.moderation.reportedListings({ user: admin });
    const entry = queue.find((item) => item.listingId === id);
    expect(entry).toMatchObject({
      title: 'Grouped reports listing',
      status: 'active',
      reporterCount: 3,
      town: 'Leeds',
    });
    expect(entry!.path).toMatch(new RegExp(`^/property/${id}/`));
    expect(entry!.reports.map((report) => report.reason)).toEqual([
      'scam',
      'scam',
      'wrong_information',
    ]);
    expect(entry!.reports[0]!.details).toBe('Asked for a deposit by bank transfer');
  });

  it('removes a listing: recorded, reports closed, lister e-mailed with the reason escaped', async () => {
    const id = await reportedListing('Removed <b>scam</b> listing');
    const result = await marketplace.moderation.decide({
      user: admin,
      listingId: id,
      input: {
        decision: 'remove',
        reason: 'Asks for money before a viewing <script>alert(1)</script>',
      },
    });
    expect(result).toMatchObject({ outcome: 'removed', reportsClosed: 3, isListerEmailed: true });

    const [listing] = await database.db.select().from(listings).where(eq(listings.id, id));
    expect(listing!.status).toBe('removed');
    expect((await marketplace.listings.get({ listingId: id }))!.status).toBe('removed');
    const reports = await database.db
      .select()
      .from(listingReports)
      .where(eq(listingReports.listingId, id));
    expect(reports.map((report) => report.status)).toEqual(['upheld', 'upheld', 'upheld']);
    expect(reports.every((report) => report.moderationActionId === result.actionId)).toBe(true);
    const [action] = await database.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.id, result.actionId));
    expect(action).toMatchObject({
      adminSub: admin.userId,
      adminEmail: admin.email,
      outcome: 'removed',
      reportsClosed: 3,
    });
    expect(action!.emailedAt).not.toBeNull();

    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('lister@example.com');
    expect(sent[0]!.subject).toContain('has been removed');
    expect(sent[0]!.text).toContain('Asks for money before a viewing');
    expect(sent[0]!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(sent[0]!.html).not.toContain('<script>');
    expect(sent[0]!.html).toContain('Removed &lt;b&gt;scam&lt;/b&gt; listing');

    const queue = await marketplace.moderation.reportedListings({ user: admin });
    expect(queue.some((item) => item.listingId === id)).toBe(false);
    const decisions = await marketplace.moderation.recentDecisions({ user: admin });
    expect(decisions[0]).toMatchObject({
      listingId: id,
      outcome: 'removed',
      adminEmail: admin.email,
      isListerEmailed: true,
    });
    // Removed by moderation: not something the lister can take back.
    await expect(
      marketplace.listings.changeStatus({
        user: person('lister-1'),
        listingId: id,
        input: { status: 'active' },
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('pauses a listing pending changes and lets reporters report it again later', async () => {
    const id = await reportedListing();
    const result = await marketplace.moderation.decide({
      user: admin,
      listingId: id,
      input: {
        decision: 'pause',
        reason: 'Please correct the number of bedrooms.',
      },
    });
    expect(result).toMatchObject({ outcome: 'paused', reportsClosed: 3, isListerEmailed: true });
    const [listing] = await database.db.select().from(listings).where(eq(listings.id, id));
    expect(listing!.status).toBe('paused');
    expect(sent[0]!.subject).toContain('has been paused');
    expect(sent[0]!.text).toContain('Please correct the number of bedrooms.');

    // The lister cannot switch it back on: 'Available' asks moderators for a second look, and
    // it stays off Roost meanwhile; other statuses are refused.
    const lister = person('lister-1');
    await expect(
      marketplace.listings.changeStatus({
        user: lister,
        listingId: id,
        input: { status: 'under_offer' },
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      marketplace.listings.changeStatus({
        user: lister,
        listingId: id,
        input: { status: 'active' },
      }),
    ).resolves.toEqual({ status: 'paused', awaitingReview: true });
    const statusOf = async () =>
      (await database.db.select().from(listings).where(eq(listings.id, id)))[0]!.status;
    expect(await statusOf()).toBe('paused');
    const own = async () =>
      (await marketplace.listings.findOwn({ user: lister })).find((entry) => entry.id === id);
    expect((await own())?.moderation).toBe('review-requested');
    const queued = await marketplace.moderation.reportedListings({ user: admin });
    const entry = queued.find((item) => item.listingId === id);
    expect(entry).toMatchObject({ isReviewRequested: true, reporterCount: 0, status: 'paused' });
    expect(entry?.reports).toEqual([
      expect.objectContaining({ reason: 'other', details: expect.stringContaining('moderation') }),
    ]);
    // Asking again files no second review request.
    await marketplace.listings.changeStatus({
      user: lister,
      listingId: id,
      input: { status: 'active' },
    });
    const openReports = async () =>
      (
        await database.db.select().from(listingReports).where(eq(listingReports.listingId, id))
      ).filter((report) => report.status === 'open');
    expect(await openReports()).toHaveLength(1);

    // Not good enough: paused again, with a new reason; the lister may ask once more.
    sent = [];
    await marketplace.moderation.decide({
      user: admin,
      listingId: id,
      input: {
        decision: 'pause',
        reason: 'The photos still show a different flat.',
      },
    });
    expect(await statusOf()).toBe('paused');
    expect((await own())?.moderation).toBe('held');
    expect(sent[0]!.text).toContain('The photos still show a different flat.');
    await marketplace.listings.changeStatus({
      user: lister,
      listingId: id,
      input: { status: 'active' },
    });

    // Fixed: dismissing the request lets it back on Roost, and the lister is told.
    sent = [];
    const approval = await marketplace.moderation.decide({
      user: admin,
      listingId: id,
      input: { decision: 'dismiss' },
    });
    expect(approval).toMatchObject({ isRelisted: true, isListerEmailed: true });
    expect(await statusOf()).toBe('active');
    expect((await own())?.moderation).toBeNull();
    expect(sent[0]!.subject).toContain('is live again');
    // From now on the lister manages it as before, and reporters may report it again.
    await marketplace.listings.changeStatus({
      user: lister,
      listingId: id,
      input: { status: 'paused' },
    });
    await expect(
      marketplace.listings.changeStatus({
        user: lister,
        listingId: id,
        input: { status: 'active' },
      }),
    ).resolves.toEqual({ status: 'active' });
    await expect(
      marketplace.reports.submit({
        user: reporterA,
        listingId: id,
        input: { reason: 'scam' },
        ip: '198.51.100.1',
      }),
    ).resolves.toMatchObject({ id: expect.any(Number) });
  });

  it('tells a lister which of their listings moderators hold, listing by listing', async () => {
    // Its own reporter, so the other tests' reporters stay under their hourly limit.
    const reportedOnce = async (title: string) => {
      const id = await insertListing(database.db, { title, ownerSub: 'lister-1' });
      await marketplace.reports.submit({
        user: person('rose-reporter'),
        listingId: id,
        input: { reason: 'wrong_information' },
        ip: '198.51.100.9',
      });
      return id;
    };
    const held = await reportedOnce('Held: three bed semi with a garage');
    const cleared = await reportedOnce('Cleared: one bed flat by the station');
    await marketplace.moderation.decide({
      user: admin,
      listingId: cleared,
      input: { decision: 'dismiss' },
    });
    await marketplace.moderation.decide({
      user: admin,
      listingId: held,
      input: {
        decision: 'pause',
        reason: 'Please show the real address.',
      },
    });
    const own = await marketplace.listings.findOwn({ user: person('lister-1') });
    const moderationOf = (id: number) => own.find((entry) => entry.id === id)?.moderation;
    expect(moderationOf(held)).toBe('held');
    expect(moderationOf(cleared)).toBeNull();
  });

  it('dismisses reports without touching the listing or e-mailing the lister', async () => {
    const id = await reportedListing();
    const result = await marketplace.moderation.decide({
      user: admin,
      listingId: id,
      input: { decision: 'dismiss' },
    });
    expect(result).toMatchObject({
      outcome: 'dismissed',
      reportsClosed: 3,
      isListerEmailed: false,
    });
    const [listing] = await database.db.select().from(listings).where(eq(listings.id, id));
    expect(listing!.status).toBe('active');
    expect(sent).toHaveLength(0);
    const reports = await database.db
      .select()
      .from(listingReports)
      .where(eq(listingReports.listingId, id));
    expect(reports.map((report) => report.status)).toEqual(['dismissed', 'dismissed', 'dismissed']);
    // Nothing open any more: a second decision is refused rather than recorded twice.
    await expect(
      marketplace.moderation.decide({ user: admin, listingId: id, input: { decision: 'dismiss' } }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('requires a reason to pause or remove, and a known decision', async () => {
    const id = await reportedListing();
    await expect(
      marketplace.moderation.decide({
        user: admin,
        listingId: id,
        input: { decision: 'remove', reason: 'no' },
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: { reason: expect.any(String) } });
    await expect(
      marketplace.moderation.decide({ user: admin, listingId: id, input: { decision: 'ban' } }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { decision: 'Choose what to do' },
    });
    await expect(
      marketplace.moderation.decide({
        user: admin,
        listingId: 987_654,
        input: { decision: 'dismiss' },
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
