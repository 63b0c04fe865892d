import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewings } from '../../server/marketplace/viewings/schema.ts';
import { insertListing } from '../support/listing-factory.ts';
import { member } from '../support/listing-world.ts';
import { createTestMarketplace } from '../support/test-marketplace.ts';
import {
  startWebAppForTest,
  TEST_USER_HEADER,
  type WebAppForTest,
} from '../support/web-app-for-test.ts';

/**
 * The viewing pages decide on the server who sees and changes what: the lister's times and the
 * viewings of their homes are theirs, a booking is its booker's and its lister's, and anyone
 * else is answered as if there were nothing there.
 */
let site: WebAppForTest;
let listingId: number;
let viewingId: number;
const lister = member('pages-lister');
const booker = member('pages-booker');

beforeAll(async () => {
  site = await startWebAppForTest();
  const { marketplace } = createTestMarketplace(site.database.db);
  listingId = await insertListing(site.database.db, {
    ownerSub: lister.userId,
    title: 'Flat with a viewing calendar',
    contactEmail: 'pages-lister@example.com',
  });
  const everyDay = Object.fromEntries(
    [0, 1, 2, 3, 4, 5, 6].flatMap((day) => [
      [`from-${day}`, '08:00'],
      [`to-${day}`, '20:00'],
    ]),
  );
  await marketplace.viewings.saveAvailability({
    user: lister,
    listingId,
    input: { ...everyDay, slotMinutes: '30', gapMinutes: '0', bookAheadDays: '7' },
  });
  const [slot] = await marketplace.viewings.openSlots({ listingId, isOwner: false });
  viewingId = (
    await marketplace.viewings.book({
      user: booker,
      listingId,
      input: { startsAt: slot!.startsAt },
    })
  ).id;
}, 120_000);
afterAll(async () => {
  await site?.close();
});

async function request(path: string, as: string | undefined, form?: Record<string, string>) {
  const response = await fetch(`${site.base}${path}`, {
    method: form ? 'POST' : 'GET',
    redirect: 'manual',
    headers: {
      ...(as ? { [TEST_USER_HEADER]: as } : {}),
      ...(form ? { origin: site.base, 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    text: await response.text(),
  };
}

const statusOf = async () =>
  (await site.database.db.select().from(viewings).where(eq(viewings.id, viewingId)))[0]!.status;

describe('viewing pages', () => {
  it('send a signed-out visitor to sign in and back', async () => {
    const answer = await request('/my-account/viewings', undefined);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(
      `/my-account?redirectTo=${encodeURIComponent('/my-account/viewings')}`,
    );
  });

  it('show a listing’s times to its owner only', async () => {
    expect(
      (await request(`/my-account/listings/${listingId}/viewings`, lister.userId)).status,
    ).toBe(200);
    expect((await request(`/my-account/listings/${listingId}/viewings`, 'stranger')).status).toBe(
      404,
    );
    const changed = await request(`/my-account/listings/${listingId}/viewings`, 'stranger', {
      slotMinutes: '60',
      gapMinutes: '0',
      bookAheadDays: '7',
    });
    expect(changed.status).toBe(404);
  });

  it('list a viewing to its two sides and no one else', async () => {
    const forLister = await request('/my-account/viewings', lister.userId);
    expect(forLister.text).toContain('Flat with a viewing calendar');
    // The viewer's name (a member without one: 'A Roost member'), never their e-mail address.
    expect(forLister.text).toContain('A Roost member');
    expect(forLister.text).not.toContain(booker.email);
    expect((await request('/my-account/viewings', booker.userId)).text).toContain(
      'Flat with a viewing calendar',
    );
    expect((await request('/my-account/viewings', 'stranger')).text).not.toContain(
      'Flat with a viewing calendar',
    );
    expect((await request(`/my-account/viewings/${viewingId}/move`, 'stranger')).status).toBe(404);
    expect((await request(`/my-account/viewings/${viewingId}/move`, booker.userId)).status).toBe(
      200,
    );
  });

  it('let only a side cancel it', async () => {
    const byStranger = await request('/my-account/viewings', 'stranger', {
      intent: 'cancel',
      viewingId: String(viewingId),
    });
    expect(byStranger.status).toBe(404);
    expect(await statusOf()).toBe('booked');
    const byBooker = await request('/my-account/viewings', booker.userId, {
      intent: 'cancel',
      viewingId: String(viewingId),
    });
    expect(byBooker.status).toBe(200);
    expect(await statusOf()).toBe('cancelled');
  });
});
