import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../../server/marketplace/listings/schema.ts';
import { insertListing } from '../support/listing-factory.ts';
import {
  startWebAppForTest,
  TEST_USER_HEADER,
  type WebAppForTest,
} from '../support/web-app-for-test.ts';

/**
 * An unanswered 'Is it still available?' on /my-account, through the real pages: the listing
 * shows the question with its two answers, whose forms post the owner's status change to the
 * listing's manage page.
 */
const OWNER = 'still-available-owner';
const DAY = 86_400_000;
let site: WebAppForTest;

beforeAll(async () => {
  site = await startWebAppForTest();
}, 120_000);
afterAll(async () => {
  await site.close();
});

async function askedListing(channel: 'sale' | 'rent') {
  const lastConfirmed = new Date(Date.now() - 30 * DAY);
  return insertListing(site.database.db, {
    ownerSub: OWNER,
    contactEmail: `${OWNER}@example.com`,
    publishedAt: lastConfirmed,
    confirmedAt: lastConfirmed,
    confirmRequestedAt: new Date(Date.now() - 2 * DAY),
    ...(channel === 'rent' ? { channel, rentPeriod: 'month' as const, price: 900 } : {}),
  });
}

async function statusOf(id: number) {
  const [row] = await site.database.db.select().from(listings).where(eq(listings.id, id));
  return row!.status;
}

function postStatus(id: number, status: string) {
  return fetch(`${site.base}/my-account/listings/${id}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      [TEST_USER_HEADER]: OWNER,
      origin: site.base,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ intent: 'status', status }).toString(),
  });
}

describe("/my-account's 'Is it still available?'", () => {
  it('shows the question with both answers, posting to the manage page', async () => {
    const sale = await askedListing('sale');
    const rent = await askedListing('rent');
    const response = await fetch(`${site.base}/my-account`, {
      headers: { [TEST_USER_HEADER]: OWNER },
    });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('Is it still available? Answer by');
    for (const id of [sale, rent]) {
      expect(html).toContain(`action="/my-account/listings/${id}"`);
    }
    expect(html).toContain('value="sold_stc"');
    expect(html).toContain('value="let_agreed"');
    expect(html).toContain('Yes, keep it live');
    expect(html).toContain('It has been let');
  });

  it('its answers change the status through the owner’s action, and the question goes', async () => {
    const kept = await askedListing('sale');
    const sold = await askedListing('sale');
    expect((await postStatus(kept, 'active')).status).toBe(200);
    expect((await postStatus(sold, 'sold_stc')).status).toBe(200);
    expect(await statusOf(kept)).toBe('active');
    expect(await statusOf(sold)).toBe('sold_stc');
    const html = await (
      await fetch(`${site.base}/my-account`, { headers: { [TEST_USER_HEADER]: OWNER } })
    ).text();
    expect(html).not.toContain(`action="/my-account/listings/${kept}"`);
    expect(html).not.toContain(`action="/my-account/listings/${sold}"`);
  });
});
