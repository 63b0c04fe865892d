import { describe, expect, it } from 'vitest';
import { addDays, londonToday } from '../../../domain/dates.ts';
import type { SessionUser } from '../../../domain/session-user.ts';
import {
  expectAppError,
  member,
  type ListingWorld,
  useListingWorld,
} from '../../../tests/support/listing-world.ts';
import type { Marketplace } from '../marketplace.ts';

let marketplace: Marketplace;
let sent: ListingWorld['sent'];
let publishedRentListing: ListingWorld['publishedRentListing'];
const alice = member('alice');
const bob = member('bob');

useListingWorld((world) => ({ marketplace, sent, publishedRentListing } = world));

describe('enquiries, reports and favourites', () => {
  it('stores and e-mails an enquiry to the lister, who alone can read it; rate limited', async () => {
    const id = await publishedRentListing(alice, 1);
    const enquiry = {
      name: 'Bob Jones',
      email: 'bob@example.com',
      message: 'Is it still available to view?',
      wantsViewing: true,
      viewingTimes: [
        { date: addDays(londonToday(), 3), period: 'evening' },
        { date: addDays(londonToday(), 10), period: 'morning' },
      ],
    };
    const result = await marketplace.enquiries.submit({
      user: bob,
      listingId: id,
      input: enquiry,
      ip: '203.0.113.9',
    });
    expect(result.isEmailed).toBe(true);
    expect(sent.at(-1)).toMatchObject({ to: 'alice@example.com' });
    expect(sent.at(-1)!.text).toContain('Is it still available to view?');
    // The preferred slots reach the lister in the e-mail (UK dates) and in their account.
    const weekdayOf = (day: string) =>
      new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
        weekday: 'long',
        timeZone: 'UTC',
      });
    const [first, second] = enquiry.viewingTimes;
    expect(sent.at(-1)!.text).toMatch(
      new RegExp(`Preferred time 1: ${weekdayOf(first!.date)} \\d+ \\w+ \\d{4}, evening`),
    );
    expect(sent.at(-1)!.html).toContain(`${weekdayOf(second!.date)} `);
    expect(sent.at(-1)!.html).toContain('morning (9am to 12 noon)');
    const stored = await marketplace.enquiries.list({ user: alice, listingId: id });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.viewingTimes).toEqual(enquiry.viewingTimes);
    await expectAppError(
      marketplace.enquiries.submit({
        user: bob,
        listingId: id,
        input: { ...enquiry, viewingTimes: [] },
        ip: '203.0.113.10',
      }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      marketplace.enquiries.submit({
        user: bob,
        listingId: id,
        input: {
          ...enquiry,
          viewingTimes: [{ date: addDays(londonToday(), -1), period: 'morning' }],
        },
        ip: '203.0.113.10',
      }),
      'VALIDATION_FAILED',
    );
    await marketplace.enquiries.submit({
      user: bob,
      listingId: id,
      input: enquiry,
      ip: '203.0.113.9',
    });
    const limited = await expectAppError(
      marketplace.enquiries.submit({ user: bob, listingId: id, input: enquiry, ip: '203.0.113.9' }),
      'RATE_LIMITED',
    );
    // Answered 429 with Retry-After (seconds until the first enquiry leaves the hour).
    expect((limited as { retryAfterSeconds?: number }).retryAfterSeconds).toBeGreaterThan(3000);
    await expectAppError(
      marketplace.enquiries.submit({
        user: null,
        listingId: id,
        input: { ...enquiry, website: 'spam' },
        ip: '198.51.100.1',
      }),
      'VALIDATION_FAILED',
    );
  });

  it('allows one open report per reporter and listing', async () => {
    const id = await publishedRentListing(alice, 1);
    const report = (user: SessionUser | null, input: object, ip: string) =>
      marketplace.reports.submit({ user, listingId: id, input, ip });
    await report(
      bob,
      { reason: 'scam', details: 'Asked for a deposit before viewing' },
      '203.0.113.7',
    );
    await expectAppError(report(bob, { reason: 'duplicate' }, '203.0.113.7'), 'CONFLICT');
    await expectAppError(report(null, { reason: 'other' }, '203.0.113.8'), 'VALIDATION_FAILED');
  });

  it('merges browser favourites with the server list and ignores junk', async () => {
    const id = await publishedRentListing(alice, 1);
    expect(
      await marketplace.favourites.merge({ user: bob, ids: [String(id), 'nonsense', 999_999_999] }),
    ).toEqual([String(id)]);
    const list = await marketplace.favourites.list({ user: bob });
    expect(list.map((item) => item.id)).toEqual([id]);
    // The lister's own list counts each listing's favourites (and only that listing's).
    const other = await publishedRentListing(alice, 1);
    const counts = async () =>
      Object.fromEntries(
        (await marketplace.listings.findOwn({ user: alice })).map((item) => [
          item.id,
          item.favouriteCount,
        ]),
      );
    expect(await counts()).toMatchObject({ [id]: 1, [other]: 0 });
    await marketplace.favourites.remove({ user: bob, listingId: id });
    expect(await counts()).toMatchObject({ [id]: 0 });
    expect(await marketplace.favourites.merge({ user: bob, ids: [] })).toEqual([]);
  });
});
