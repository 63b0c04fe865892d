import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { uniqueEmail } from './support/accounts';
import { createUserWithSdk } from './support/identity-admin';
import { signInAs } from './support/sign-in';
import { outboxCount, waitForMail } from './support/outbox';
import { fromSite } from './support/site-origin';

/**
 * Moderation end to end: a visitor reports a listing, an administrator (in the `admins` group)
 * finds it in /admin-portal/reported-ads/ and removes it, the listing page answers 410 and the
 * lister is e-mailed the reason; members get 403 from the page and the API.
 */
test.describe.configure({ mode: 'serial' });

const lister = { email: uniqueEmail('mod-lister'), name: 'Lorna Lister' };
const reporter = { email: uniqueEmail('mod-reporter'), name: 'Rhys Reporter' };
const admin = { email: uniqueEmail('mod-admin'), name: 'Ada Admin' };
const title = 'Spacious three bedroom terraced house';
const reportDetails = 'Asked me to send a holding deposit by bank transfer before any viewing.';
let listingId = 0;
let listingUrl = '';

/** A freehold home for sale in Leeds, listed through the API by the signed-in user of `page`. */
async function listFreehold(page: Page, details: Record<string, string | number>) {
  const created = await page.request.post('/api/v1/listings', {
    headers: fromSite(page),
    data: { channel: 'sale', town: 'Leeds', bathrooms: 1, tenure: 'freehold', ...details },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

test('a lister publishes a listing', async ({ page, baseURL }) => {
  await createUserWithSdk(baseURL!, lister);
  await createUserWithSdk(baseURL!, reporter);
  await signInAs(page, lister);
  listingId = await listFreehold(page, {
    propertyType: 'terraced',
    addressLine1: '12 Moderation Row',
    postcode: 'LS6 2AB',
    title,
    description: 'A well kept terraced house near the park, with a long rear garden.',
    bedrooms: 3,
    receptions: 2,
    councilTaxBand: 'C',
    epcRating: 'D',
    price: 265000,
    priceQualifier: 'guide_price',
  });

  // 'Your listings' arrives rendered by the server: in the HTML itself, no client fetch.
  const html = await (await page.request.get('/my-account')).text();
  expect(html).toContain(title);
  expect(html).toContain(`/my-account/listings/${listingId}`);
  expect(html).not.toContain('Loading your listings');
  // A fresh tab of the same signed-in session: the sign-in page's own late requests (it fetches
  // the list in the browser right after signing in) cannot be mistaken for this page's.
  const fresh = await page.context().newPage();
  let isListFetched = false;
  fresh.on('request', (request) => {
    if (request.url().includes('/api/v1/me/listings')) isListFetched = true;
  });
  await fresh.goto('/my-account');
  await expect(fresh.getByTestId('own-listing').filter({ hasText: title })).toContainText(
    'Available',
  );
  await expect(fresh.getByText(lister.name).first()).toBeVisible();
  expect(isListFetched).toBe(false);
  await fresh.close();
});

test('a visitor reports it', async ({ page }) => {
  await signInAs(page, reporter);
  const response = await page.goto(`/property/${listingId}`);
  expect(response?.status()).toBe(200);
  listingUrl = new URL(page.url()).pathname;
  await page.getByText('Report this listing').click();
  await page.getByRole('radio', { name: /Scam or fraud/ }).check();
  await page.getByLabel(/Details/).fill(reportDetails);
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. Our team will look at this listing.')).toBeVisible();
});

test('a member who is not an administrator gets 403 from the page and the API', async ({
  page,
}) => {
  await signInAs(page, reporter);
  expect((await page.goto('/admin-portal/reported-ads/'))?.status()).toBe(403);
  const api = page.request;
  const queue = await api.get('/api/v1/admin/reports');
  expect(queue.status()).toBe(403);
  expect(((await queue.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
  const decide = await api.post(`/api/v1/admin/listings/${listingId}/moderation`, {
    headers: fromSite(page),
    data: { decision: 'remove', reason: 'I do not like this listing at all.' },
  });
  expect(decide.status()).toBe(403);
  // Refused for not being an administrator, not for where the request came from.
  expect(((await decide.json()) as { error: { message: string } }).error.message).toBe(
    'Only administrators can do this.',
  );
  expect((await page.goto(listingUrl))?.status()).toBe(200);
});

test('an administrator sees the report and removes the listing; its page answers 410', async ({
  page,
  baseURL,
}) => {
  await createUserWithSdk(baseURL!, { ...admin, groups: ['admins'] });
  await signInAs(page, admin);
  const response = await page.goto('/admin-portal/reported-ads/');
  expect(response?.status()).toBe(200);
  const entry = page.getByTestId('reported-listing').filter({ hasText: title });
  await expect(entry).toContainText('1 reporter');
  await expect(entry).toContainText('Scam or fraud');
  await expect(entry).toContainText(reportDetails);
  await expect(entry.getByRole('link', { name: title })).toHaveAttribute('href', listingUrl);
  await expectNoAxeViolations(page);

  // Removing needs a reason for the lister.
  await entry.getByRole('radio', { name: /Remove the listing/ }).check();
  await entry.getByRole('button', { name: 'Record decision' }).click();
  await expect(entry.getByRole('alert')).toBeVisible();
  await expect(entry.getByText(/Tell the lister why/)).toBeVisible();
  await expectNoAxeViolations(page);

  const before = outboxCount();
  await entry.getByRole('radio', { name: /Remove the listing/ }).check();
  await entry
    .getByLabel('Reason')
    .fill('Reported as a scam: it asks for money before a viewing <b>not allowed</b>.');
  await entry.getByRole('button', { name: 'Record decision' }).click();
  await expect(page.getByRole('status')).toContainText('Listing removed; 1 report closed.');
  await expect(page.getByTestId('reported-listing').filter({ hasText: title })).toHaveCount(0);
  const decision = page.getByTestId('moderation-decision').filter({ hasText: title });
  await expect(decision).toContainText('Listing removed');
  await expect(decision).toContainText(admin.email);
  await expectNoAxeViolations(page);

  const mail = await waitForMail(lister.email, { after: before, subject: /has been removed/ });
  expect(mail.body).toContain('it asks for money before a viewing');
  expect(mail.body).toContain('&lt;b&gt;not allowed&lt;/b&gt;');

  // The reporter is told the outcome (Online Safety Act), without the lister's reason.
  const outcome = await waitForMail(reporter.email, {
    after: before,
    subject: /The listing you reported: removed/,
  });
  expect(outcome.body).not.toContain('asks for money before a viewing');

  const gone = await page.goto(listingUrl);
  expect(gone?.status()).toBe(410);
  await expect(
    page.getByRole('heading', { name: 'This listing is no longer available' }),
  ).toBeVisible();
});

test('a paused listing stays off Roost until a moderator approves the changes', async ({
  page,
  browser,
}) => {
  const pausedTitle = 'Bright two bedroom cottage by the canal';
  // The lister lists a second home; the reporter reports it (both through the API).
  const listerPage = await browser.newPage();
  await signInAs(listerPage, lister);
  const id = await listFreehold(listerPage, {
    propertyType: 'cottage',
    addressLine1: '4 Canal Wharf',
    postcode: 'LS1 4BR',
    title: pausedTitle,
    description: 'A bright cottage on the canal with a courtyard garden and parking.',
    bedrooms: 2,
    receptions: 1,
    councilTaxBand: 'B',
    epcRating: 'C',
    price: 189000,
    priceQualifier: 'offers_over',
  });
  const reporterPage = await browser.newPage();
  await signInAs(reporterPage, reporter);
  const reported = await reporterPage.request.post(`/api/v1/listings/${id}/reports`, {
    headers: fromSite(reporterPage),
    data: { reason: 'wrong_information', details: 'The photos are of a different house.' },
  });
  expect(reported.status()).toBe(201);

  // The administrator pauses it.
  await signInAs(page, admin);
  await page.goto('/admin-portal/reported-ads/');
  let entry = page.getByTestId('reported-listing').filter({ hasText: pausedTitle });
  await entry.getByRole('radio', { name: /Pause the listing/ }).check();
  await entry.getByLabel('Reason').fill('Please upload photos of this cottage.');
  await entry.getByRole('button', { name: 'Record decision' }).click();
  await expect(page.getByRole('status')).toContainText('Listing paused; 1 report closed.');

  // The lister sees why, and choosing 'Available' only asks for a review: still off Roost.
  await listerPage.goto(`/my-account/listings/${id}`);
  await expect(listerPage.getByTestId('moderation-hold')).toContainText('Our moderators paused');
  await listerPage.getByLabel('Status').selectOption('active');
  await listerPage.getByRole('button', { name: 'Change status' }).click();
  await expect(listerPage.getByRole('status')).toContainText('a moderator will check');
  await expect(listerPage.getByTestId('moderation-hold')).toContainText('Waiting for a moderator');
  await expect(listerPage.getByTestId('manage-status')).toHaveText('Paused');
  const listingPage = await listerPage.request.get(`/property/${id}`);
  expect(listingPage.status()).toBe(404);
  await listerPage.goto('/my-account');
  await expect(
    listerPage.getByTestId('own-listing').filter({ hasText: pausedTitle }),
  ).toContainText('Awaiting moderator review');

  // The administrator approves: live again, and the lister is told.
  await page.goto('/admin-portal/reported-ads/');
  entry = page.getByTestId('reported-listing').filter({ hasText: pausedTitle });
  await expect(entry).toContainText('asks to go live again');
  await expectNoAxeViolations(page);
  const before = outboxCount();
  await entry.getByRole('radio', { name: /Approve the changes/ }).check();
  await entry.getByRole('button', { name: 'Record decision' }).click();
  await expect(page.getByRole('status')).toContainText('Listing back on Roost');
  await waitForMail(lister.email, { after: before, subject: /is live again/ });
  expect((await page.request.get(`/property/${id}`)).status()).toBe(200);
  await listerPage.close();
  await reporterPage.close();
});

test('the lister appeals the removal once; a moderator upholds it and the listing is back', async ({
  page,
  browser,
}) => {
  const listerContext = await browser.newContext();
  const listerPage = await listerContext.newPage();
  await signInAs(listerPage, lister);
  await listerPage.goto(`/my-account/listings/${listingId}`);
  await listerPage.getByText('Appeal the moderators’ decision').click();
  await listerPage.getByRole('button', { name: 'Send appeal' }).click();
  await expect(listerPage.getByText(/at least 20 characters\)/)).toBeVisible();
  await listerPage
    .getByLabel('Why the decision was wrong')
    .fill('I own this house and asked for no money: the reporter confused it with another.');
  await listerPage.getByRole('button', { name: 'Send appeal' }).click();
  await expect(listerPage.getByRole('status')).toContainText('Appeal sent');
  await expect(listerPage.getByTestId('appeal-status')).toContainText('You have appealed');
  await expectNoAxeViolations(listerPage);

  await signInAs(page, admin);
  await page.goto('/admin-portal/reported-ads/');
  const entry = page.getByTestId('reported-listing').filter({ hasText: title });
  await expect(entry.getByTestId('moderation-appeal')).toContainText('confused it with another');
  await expectNoAxeViolations(page);
  const before = outboxCount();
  await entry.getByRole('radio', { name: /Uphold the appeal/ }).check();
  await entry.getByRole('button', { name: 'Record decision' }).click();
  await expect(page.getByRole('status')).toContainText('Listing back on Roost');
  await waitForMail(lister.email, { after: before, subject: /Your listing .* is live again/ });
  expect((await page.request.get(listingUrl)).status()).toBe(200);

  await listerPage.reload();
  await expect(listerPage.getByTestId('appeal-status')).toContainText('upheld');
  await listerContext.close();
});
