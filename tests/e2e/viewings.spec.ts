import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { createUserWithSdk } from './support/identity-admin';
import { ownContextPages } from './support/own-context';
import { E2E_DATA_DIR, waitForMail, type OutboxMail } from './support/outbox';
import { signInAs } from './support/sign-in';
import { fromSite } from './support/site-origin';

const pageFor = ownContextPages();

async function idTokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((candidate) =>
    /^CognitoIdentityServiceProvider\..+\.idToken$/.test(decodeURIComponent(candidate.name)),
  );
  return cookie!.value;
}

/** The e-mail's `viewing.ics` attachment, decoded (nodemailer writes it in base64). */
function calendarOf(mail: OutboxMail): string {
  const raw = fs.readFileSync(path.join(E2E_DATA_DIR, 'outbox', mail.file), 'utf8');
  const part = /filename=viewing\.ics\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw);
  expect(part, `a viewing.ics attachment in ${mail.file}`).toBeTruthy();
  return Buffer.from(part![1]!.replace(/\s+/g, ''), 'base64').toString('utf8');
}

async function checkAxe(page: Page) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
}

// size: one journey, lister and buyer taking turns, each step building on the last
test('a lister sets viewing times, a buyer books, moves and cancels one, each side e-mailed', async ({
  page,
  browser,
  baseURL,
}) => {
  const lister = { email: uniqueEmail('viewing-lister'), name: 'Lyra Lister' };
  const buyer = { email: uniqueEmail('viewing-buyer'), name: 'Bram Buyer' };
  await createUserWithSdk(baseURL!, lister);
  await createUserWithSdk(baseURL!, buyer);

  // The lister's own home, made through the API; only this test books it.
  await signInAs(page, lister);
  const title = 'Three bedroom semi with viewings online';
  const created = await page.request.post('/api/v1/listings', {
    headers: { Authorization: `Bearer ${await idTokenOf(page)}`, ...fromSite(page) },
    data: {
      channel: 'sale',
      propertyType: 'semi_detached',
      addressLine1: '7 Calendar Close',
      town: 'Leeds',
      postcode: 'LS6 2AB',
      title,
      description:
        'A roomy three bedroom semi-detached house with a long garden, near schools and the park.',
      keyFeatures: ['Garden'],
      bedrooms: 3,
      bathrooms: 1,
      receptions: 2,
      tenure: 'freehold',
      councilTaxBand: 'C',
      epcRating: 'D',
      price: 285000,
      priceQualifier: 'guide_price',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  // From the listing's own page to its viewing times: every day, 08:00 to 20:00, so tomorrow
  // always has free times, whatever the hour now.
  await page.goto(`/my-account/listings/${id}`);
  await checkAxe(page);
  await page.getByRole('link', { name: 'Viewing times' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Viewing times for ${title}`);
  await expect(page.getByText('Roost only hosts your calendar').first()).toBeVisible();
  for (const day of [
    'Monday',
    'Tuesday',
    'Wednesday',
    'Thursday',
    'Friday',
    'Saturday',
    'Sunday',
  ]) {
    await page.getByLabel(`${day} from`).fill('08:00');
    await page.getByLabel(`${day} until`).fill('20:00');
  }
  await page.getByLabel('Each viewing lasts').selectOption('30');
  await page.getByLabel('People may book up to').selectOption('7');
  await page.getByRole('button', { name: 'Save viewing times' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Viewing times saved' })).toBeVisible();
  await expect(page.getByLabel('Saturday from')).toHaveValue('08:00');
  await checkAxe(page);

  // The buyer books the first time on the second day shown, with a note.
  const buyerPage = await pageFor(browser, { baseURL });
  await signInAs(buyerPage, buyer, `/property/${id}`);
  const booking = buyerPage.getByRole('region', { name: 'Book a viewing' });
  await expect(booking).toContainText('Roost only hosts their calendar');
  await checkAxe(buyerPage);
  const secondDay = booking.locator('.slot-picker__day').nth(1);
  const dayName = (await secondDay.locator('.slot-picker__day-name').textContent())!;
  await secondDay.getByRole('radio', { name: '08:00' }).check();
  await booking.getByLabel('Note for the lister (optional)').fill('Coming with my sister.');
  await booking.getByRole('button', { name: 'Book this viewing' }).click();
  await expect(buyerPage).toHaveURL(/\/my-account\/viewings\?booked=\d+$/);
  await expect(buyerPage.getByRole('status')).toContainText('Viewing booked');
  const mine = buyerPage.getByTestId('viewings-booker').getByTestId('viewing');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(title);
  await expect(mine).toContainText(`${dayName}, 08:00 to 08:30`);
  await checkAxe(buyerPage);

  // Both sides get the confirmation with the calendar entry attached.
  for (const to of [buyer.email, lister.email]) {
    // Waiting for the attachment too: the outbox file may be read while it is being written.
    const mail = await waitForMail(to, {
      subject: /^Viewing booked: /,
      body: /filename=viewing\.ics/,
    });
    expect(mail.subject).toContain(title);
    expect(mail.body).toContain('Content-Type: text/calendar');
    const calendar = calendarOf(mail);
    expect(calendar).toContain('METHOD:PUBLISH');
    expect(calendar).toContain(`SUMMARY:Viewing: ${title}`);
  }

  // The lister sees who is coming, from their account page.
  await page.goto('/my-account');
  await page.getByRole('link', { name: 'Viewings: booked at your homes and by you' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your viewings');
  const atHome = page.getByTestId('viewings-lister').getByTestId('viewing');
  await expect(atHome).toHaveCount(1);
  await expect(atHome).toContainText(buyer.name);
  await expect(atHome).toContainText('Coming with my sister.');
  await checkAxe(page);

  // The buyer moves it to another time; the lister is told.
  await mine.getByRole('link', { name: /^Move/ }).click();
  await expect(buyerPage.getByRole('heading', { level: 1 })).toHaveText('Move a viewing');
  await checkAxe(buyerPage);
  // 08:00 is the viewing's own time, so not offered; 09:00 is.
  const moveDay = buyerPage.getByRole('group', { name: dayName });
  await expect(moveDay.getByRole('radio', { name: '08:00' })).toHaveCount(0);
  await moveDay.getByRole('radio', { name: '09:00' }).check();
  await buyerPage.getByRole('button', { name: 'Move the viewing' }).click();
  await expect(buyerPage.getByRole('status')).toContainText('Viewing moved');
  await expect(mine).toContainText(`${dayName}, 09:00 to 09:30`);
  await waitForMail(lister.email, { subject: /^Viewing moved: / });

  // And cancels it; the lister is told and it leaves both lists.
  buyerPage.once('dialog', (dialog) => void dialog.accept());
  await mine.getByRole('button', { name: /^Cancel/ }).click();
  await expect(buyerPage.getByRole('status')).toContainText('Viewing cancelled');
  await expect(mine).toHaveCount(0);
  const cancelled = await waitForMail(lister.email, {
    subject: /^Viewing cancelled: /,
    body: /filename=viewing\.ics/,
  });
  expect(calendarOf(cancelled)).toContain('STATUS:CANCELLED');
  await page.reload();
  await expect(atHome).toHaveCount(0);

  // A conversation about the home leads back to its free times.
  await buyerPage.goto(`/property/${id}`);
  const enquiry = buyerPage.locator('.property__enquiry');
  await enquiry.getByLabel('Message').fill('Hello, could I see the house again next week?');
  await enquiry.getByRole('button', { name: 'Send message' }).click();
  await expect(buyerPage.getByText('Your message has been sent to the lister.')).toBeVisible();
  await buyerPage.goto('/my-account/messages');
  await buyerPage
    .getByTestId('message-thread')
    .filter({ hasText: title })
    .getByRole('link', { name: new RegExp(title) })
    .click();
  await checkAxe(buyerPage);
  await buyerPage.getByRole('link', { name: 'Book a viewing' }).click();
  await expect(buyerPage.getByRole('heading', { level: 1 })).toHaveText('Book a viewing');
  await expect(
    buyerPage.getByRole('group', { name: dayName }).getByRole('radio', { name: '08:00' }),
  ).toBeVisible();
});

test('a demo home takes viewings: its booking page lists every free time', async ({
  page,
  baseURL,
  request,
}) => {
  // A demo home still for sale: the seed gives those viewing times.
  let url: string | undefined;
  for (let listingId = 1; listingId <= 40 && !url; listingId += 1) {
    const response = await request.get(`/property/${listingId}`);
    if (response.ok() && (await response.text()).includes('Book a viewing')) url = response.url();
  }
  expect(url, 'a demo home among the first 40 takes viewings').toBeTruthy();
  const buyer = { email: uniqueEmail('viewing-browser'), name: 'Bea Browser' };
  await createUserWithSdk(baseURL!, buyer);
  await signInAs(page, buyer, url);
  await page.getByRole('link', { name: 'See all free times' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book a viewing');
  await expect(page.getByRole('radio').first()).toBeVisible();
  await checkAxe(page);
});
