import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { admin, member, person } from '../../../tests/support/moderation-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import type { ListerEmail } from '../enquiries/submit-enquiry.ts';
import { listings } from '../listings/schema.ts';
import { createMarketplace, type Marketplace } from '../marketplace.ts';
import type { MarketplaceMailTag } from '../marketplace-deps.ts';

/** Online Safety Act duties: reporters hear the outcome; listers may appeal once per decision. */
let database: TestDatabase;
let marketplace: Marketplace;
let sent: (ListerEmail & { tag: MarketplaceMailTag })[];

const lister = person('lister-1');
const signedInReporter = person('rita-reporter');

beforeAll(async () => {
  database = await createTestDatabase();
  marketplace = createMarketplace({
    db: database.db,
    publicUrl: 'https://roost.test',
    logger: pino({ level: 'silent' }),
    mail: (tag) => async (email) => {
      sent.push({ ...email, tag });
    },
  });
});
afterAll(async () => {
  await database.destroy();
});
beforeEach(() => {
  sent = [];
});

async function listingReportedByThree(title: string): Promise<number> {
  const listingId = await insertListing(database.db, {
    title,
    contactEmail: 'lister@example.com',
    ownerSub: lister.userId,
  });
  const report = (user: typeof lister | null, input: object, ip: string) =>
    marketplace.reports.submit({ user, listingId, input, ip });
  await report(
    signedInReporter,
    { reason: 'scam', details: 'Deposit by bank transfer' },
    '192.0.2.1',
  );
  await report(null, { reason: 'scam', email: 'Visitor@Example.com' }, '192.0.2.2');
  await report(null, { reason: 'duplicate' }, '192.0.2.3');
  return listingId;
}

const statusOf = async (id: number) =>
  (await database.db.select().from(listings).where(eq(listings.id, id)))[0]!.status;
const ownListing = async (id: number) =>
  (await marketplace.listings.findOwn({ user: lister })).find((entry) => entry.id === id)!;

describe('reporters are told the outcome', () => {
  it('e-mails every reporter who can be reached, once each, and no one else', async () => {
    const listingId = await listingReportedByThree('Flat with borrowed photos');
    const result = await marketplace.moderation.decide({
      user: admin,
      listingId,
      input: { decision: 'remove', reason: 'The photos belong to another listing.' },
    });
    expect(result.reportersTold).toBe(2);
    const toReporters = sent.filter((email) => email.tag === 'report-outcome');
    expect(toReporters.map((email) => email.to).sort()).toEqual([
      'rita-reporter@example.com',
      'visitor@example.com',
    ]);
    expect(toReporters[0]!.text).toContain('removed it from Roost');
    // The reporters are not told the moderator's reason, which is for the lister.
    expect(toReporters[0]!.text).not.toContain('another listing');
  });

  it('tells them when no breach was found', async () => {
    const listingId = await listingReportedByThree('Genuine cottage');
    await marketplace.moderation.decide({ user: admin, listingId, input: { decision: 'dismiss' } });
    const toReporters = sent.filter((email) => email.tag === 'report-outcome');
    expect(toReporters).toHaveLength(2);
    expect(toReporters[0]!.subject).toContain('no breach found');
  });

  it('refuses a malformed address from a signed-out reporter', async () => {
    const listingId = await insertListing(database.db, { ownerSub: lister.userId });
    await expect(
      marketplace.reports.submit({
        user: null,
        listingId,
        input: { reason: 'scam', email: 'not-an-address' },
        ip: '192.0.2.9',
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: { email: expect.any(String) } });
  });
});

describe('a lister appeals a moderation decision', () => {
  it('appeals a pause once; upholding it puts the listing back and tells the lister', async () => {
    const listingId = await listingReportedByThree('Paused then appealed');
    await expect(
      marketplace.appeals.submit({
        user: lister,
        listingId,
        input: { statement: 'Nothing has been decided yet, but I object.' },
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });

    await marketplace.moderation.decide({
      user: admin,
      listingId,
      input: { decision: 'pause', reason: 'Please show the real kitchen.' },
    });
    expect(await ownListing(listingId)).toMatchObject({ canAppeal: true, appeal: null });

    await expect(
      marketplace.appeals.submit({
        user: member,
        listingId,
        input: { statement: 'Not my listing but I appeal anyway, at length.' },
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      marketplace.appeals.submit({ user: lister, listingId, input: { statement: 'Too short' } }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { statement: expect.any(String) },
    });

    await marketplace.appeals.submit({
      user: lister,
      listingId,
      input: { statement: 'That is the real kitchen: it was refitted in 2025.' },
    });
    expect(await ownListing(listingId)).toMatchObject({ canAppeal: false, appeal: 'open' });
    await expect(
      marketplace.appeals.submit({
        user: lister,
        listingId,
        input: { statement: 'Appealing a second time to be sure.' },
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('already') });

    const queue = await marketplace.moderation.reportedListings({ user: admin });
    const entry = queue.find((item) => item.listingId === listingId)!;
    expect(entry.appeal?.statement).toBe('That is the real kitchen: it was refitted in 2025.');
    // The appeal is not counted as a visitor's report.
    expect(entry.reports).toHaveLength(0);

    sent = [];
    const result = await marketplace.moderation.decide({
      user: admin,
      listingId,
      input: { decision: 'dismiss', reason: 'Checked the photos again: fine.' },
    });
    expect(result.isRelisted).toBe(true);
    expect(await statusOf(listingId)).toBe('active');
    expect(await ownListing(listingId)).toMatchObject({ appeal: 'upheld', canAppeal: false });
    const toLister = sent.find((email) => email.tag === 'listing-moderation')!;
    expect(toLister.text).toContain('upheld your appeal');

    const { entries } = await marketplace.audit.list({
      user: admin,
      filter: { targetType: 'listing', targetId: String(listingId) },
    });
    expect(entries[0]!.details).toMatchObject({ appeal: 'upheld' });
  });

  it('a removed listing can be appealed; rejecting it keeps it removed, with no second try', async () => {
    const listingId = await listingReportedByThree('Removed then appealed');
    await marketplace.moderation.decide({
      user: admin,
      listingId,
      input: { decision: 'remove', reason: 'This is a known scam pattern.' },
    });
    await marketplace.appeals.submit({
      user: lister,
      listingId,
      input: { statement: 'I am the owner and can prove it with the title deeds.' },
    });
    sent = [];
    await marketplace.moderation.decide({
      user: admin,
      listingId,
      input: { decision: 'remove', reason: 'The deeds did not match the address.' },
    });
    expect(await statusOf(listingId)).toBe('removed');
    expect(await ownListing(listingId)).toMatchObject({ appeal: 'rejected', canAppeal: false });
    const toLister = sent.find((email) => email.tag === 'listing-moderation')!;
    expect(toLister.subject).toContain('Your appeal');
    expect(toLister.text).toContain('not upheld');
    await expect(
      marketplace.appeals.submit({
        user: lister,
        listingId,
        input: { statement: 'Trying again after the rejection.' },
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('upholding an appeal against a removal lets the listing back', async () => {
    const listingId = await listingReportedByThree('Removed by mistake');
    await marketplace.moderation.decide({
      user: admin,
      listingId,
      input: { decision: 'remove', reason: 'Looks like a duplicate of another listing.' },
    });
    await marketplace.appeals.submit({
      user: lister,
      listingId,
      input: { statement: 'It is a different flat in the same building.' },
    });
    await marketplace.moderation.decide({ user: admin, listingId, input: { decision: 'dismiss' } });
    expect(await statusOf(listingId)).toBe('active');
  });
});
