import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../../../tests/support/listing-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.ts';
import { reportListing } from './report-listing.ts';

/** The per-sender hourly limit (limits/hourly.ts) as reports use it. */
let database: TestDatabase;
let listingIds: number[];

beforeAll(async () => {
  database = await createTestDatabase();
  listingIds = [];
  for (let index = 0; index < 3; index += 1) listingIds.push(await insertListing(database.db));
});
afterAll(() => database.destroy());

const HOUR_MS = 3_600_000;

function report(listingId: number, now: Date, sender: { sub?: string; ip?: string } = {}) {
  return reportListing(database.db, {
    listingId,
    input: { reason: 'scam' },
    reporterIp: sender.ip ?? '203.0.113.40',
    reporterSub: sender.sub,
    limitPerHour: 2,
    now,
  });
}

describe('the hourly limit on reports', () => {
  it('refuses a sender over the limit, still answers a repeat report first, and forgets after an hour', async () => {
    const [first, second, third] = listingIds as [number, number, number];
    const start = new Date(Date.now() - 2 * HOUR_MS);
    await report(first, start, { sub: 'rhea' });
    await report(second, new Date(start.getTime() + 60_000), { sub: 'rhea' });

    const later = new Date(start.getTime() + 30 * 60_000);
    await expect(report(third, later, { sub: 'rhea' })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      message: 'You have sent several reports in the last hour. Please wait a while.',
      // Retry-After: the first report (at `start`) leaves the hour 30 minutes after `later`.
      retryAfterSeconds: 30 * 60,
    });
    await expect(report(first, later, { sub: 'rhea' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    // Someone else (signed out, by address) is not held back by Rhea's reports.
    await expect(report(third, later, { ip: '198.51.100.77' })).resolves.toMatchObject({
      id: expect.any(Number),
    });

    const anHourOn = new Date(start.getTime() + HOUR_MS + 2 * 60_000);
    await expect(report(third, anHourOn, { sub: 'rhea' })).resolves.toMatchObject({
      id: expect.any(Number),
    });
  });
});
