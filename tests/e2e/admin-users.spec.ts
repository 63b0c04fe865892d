import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { createUserWithSdk } from './support/identity-admin';
import { signInAs } from './support/sign-in';
import { fromSite } from './support/site-origin';
import { ownContextPages } from './support/own-context';
import { screenshotAtWidths } from './support/screenshots';

/**
 * User information end to end: an administrator finds a lister, disables them (their session ends
 * and their listing leaves Roost), re-enables them, exports their data and erases them; the audit
 * log shows it all. A member gets 403 from every new page and download.
 */
test.describe.configure({ mode: 'serial' });

const lister = { email: uniqueEmail('au-lister'), name: 'Lara Lister' };
const admin = { email: uniqueEmail('au-admin'), name: 'Adam Admin' };
const title = 'Sunny two bedroom flat by the market';

const newPage = ownContextPages();

test('an administrator manages a user from finding them to erasing them', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await createUserWithSdk(baseURL!, lister);
  await createUserWithSdk(baseURL!, { ...admin, groups: ['admins'] });

  // The lister lists a flat (through the API) and, not being an admin, is refused everywhere.
  const listerPage = await newPage(browser);
  await signInAs(listerPage, lister);
  const created = await listerPage.request.post('/api/v1/listings', {
    headers: fromSite(listerPage),
    data: {
      channel: 'sale',
      town: 'Leeds',
      bathrooms: 1,
      tenure: 'leasehold',
      propertyType: 'flat',
      addressLine1: '3 Market Street',
      postcode: 'LS1 6DT',
      title,
      description: 'A sunny flat over the market with a balcony and a lift.',
      bedrooms: 2,
      receptions: 1,
      councilTaxBand: 'B',
      epcRating: 'C',
      price: 175000,
      priceQualifier: 'offers_over',
      leaseYearsRemaining: 120,
      groundRentPerYear: 0,
      serviceChargePerYear: 1200,
    },
  });
  expect(created.status()).toBe(201);
  const listingId = ((await created.json()) as { id: number }).id;
  const listingPage = await listerPage.request.get(`/property/${listingId}`);
  expect(listingPage.status()).toBe(200);
  for (const path of [
    '/admin-portal/user-information/?q=a',
    '/admin-portal/audit-log/',
    '/admin-portal',
    '/admin-portal/user-information/00000000-0000-4000-8000-000000000000',
  ]) {
    expect((await listerPage.request.get(path)).status(), path).toBe(403);
  }
  const refusedExport = await listerPage.request.post(
    '/admin-portal/user-information/00000000-0000-4000-8000-000000000000/export',
    { headers: fromSite(listerPage), form: { go: '1' } },
  );
  expect(refusedExport.status()).toBe(403);

  // The lister downloads their own data, asks for erasure (password re-checked), then cancels.
  await listerPage.goto('/my-account/data');
  await expectNoAxeViolations(listerPage);
  const ownDownload = listerPage.waitForEvent('download');
  await listerPage.getByRole('button', { name: 'Download my data' }).click();
  const own = JSON.parse(fs.readFileSync((await (await ownDownload).path())!, 'utf8')) as {
    listings: { title: string }[];
  };
  expect(own.listings.map((l) => l.title)).toEqual([title]);
  const passwordField = listerPage.getByLabel('Your password, to confirm it is you');
  await passwordField.fill('Not-my-password-1');
  await listerPage.getByRole('button', { name: 'Erase my account in 14 days' }).click();
  await expect(listerPage.getByText('That password is not right.').first()).toBeVisible();
  await passwordField.fill(PASSWORD);
  await listerPage.getByRole('button', { name: 'Erase my account in 14 days' }).click();
  await expect(listerPage.getByTestId('erasure-due')).toBeVisible();
  await listerPage.getByRole('button', { name: 'Cancel erasure' }).click();
  await expect(listerPage.getByRole('status')).toContainText('Erasure cancelled');

  // The administrator finds the lister by e-mail, with the keyboard.
  await signInAs(page, admin);
  expect((await page.goto('/admin-portal'))?.status()).toBe(200);
  await expect(page.getByRole('img', { name: /Sign-ups/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/admin-portal/user-information/');
  // One form row: the search box sits level with the status and the button, the flags below.
  const searchBox = (await page.getByLabel('E-mail, name, phone or user id').boundingBox())!;
  const statusBox = (await page.getByLabel('Status').boundingBox())!;
  const searchButton = (await page.getByRole('button', { name: 'Search' }).boundingBox())!;
  for (const other of [statusBox, searchButton]) {
    expect(Math.abs(searchBox.y + searchBox.height - (other.y + other.height))).toBeLessThan(2);
  }
  await page.getByLabel('E-mail, name, phone or user id').fill(lister.email);
  await page.keyboard.press('Enter');
  const row = page.getByTestId('user-row').filter({ hasText: lister.email });
  await expect(row).toHaveCount(1);
  await expectNoAxeViolations(page);
  await screenshotAtWidths(page, 'admin-user-search');
  await row.getByRole('link', { name: lister.email }).click();
  await expect(page.getByRole('heading', { name: lister.email })).toBeVisible();
  await expect(page.getByTestId('user-listing').filter({ hasText: title })).toBeVisible();
  await expectNoAxeViolations(page);

  // Disable: a reason, then a confirmation.
  await page.getByLabel('Action').selectOption('disable');
  await page.getByLabel('Reason (kept in the audit log)').fill('Several scam reports');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(/Confirm:/)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status')).toContainText('Account disabled');
  await expect(page.getByTestId('account-status')).toContainText('Disabled');
  // Their session has ended, and the flat has left Roost.
  expect((await listerPage.request.get('/api/v1/me/listings')).status()).toBe(401);
  expect((await page.request.get(`/property/${listingId}`)).status()).toBe(404);

  await page.getByLabel('Action').selectOption('enable');
  await page.getByLabel('Reason (kept in the audit log)').fill('Checked with the lister');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status')).toContainText('re-enabled');
  expect((await page.request.get(`/property/${listingId}`)).status()).toBe(200);

  // Export: a JSON download with their listing in it.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export data' }).click();
  const download = await downloading;
  const exported = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
    listings: { id: number; title: string }[];
  };
  expect(exported.listings.map((l) => l.title)).toContain(title);

  // Erase: a reason and a tick; the page says what was kept and why.
  await page.getByLabel('Reason for erasure (kept in the audit log)').fill('Asked to be forgotten');
  await page.getByLabel('I confirm this account should be erased').check();
  await page.getByRole('button', { name: 'Erase account' }).click();
  await expect(page.getByRole('heading', { name: 'Account erased' })).toBeVisible();
  await expect(page.getByText(/VAT and company records/)).toBeVisible();
  await expectNoAxeViolations(page);
  expect((await page.request.get(`/property/${listingId}`)).status()).not.toBe(200);

  // The audit log shows each step.
  await page.goto('/admin-portal/audit-log/');
  for (const [what, why] of [
    ['Erased a user', 'Asked to be forgotten'],
    ['Exported a user’s data', 'Subject access request'],
    ['Re-enabled a user', 'Checked with the lister'],
    ['Disabled a user', 'Several scam reports'],
  ]) {
    await expect(
      page.getByTestId('audit-entry').filter({ hasText: what }).filter({ hasText: why! }),
    ).toHaveCount(1);
  }
  await page.getByLabel('Action').selectOption('user.disable');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(
    page.getByTestId('audit-entry').filter({ hasText: 'Several scam reports' }),
  ).toHaveCount(1);
  await expect(
    page.getByTestId('audit-entry').filter({ hasText: 'Asked to be forgotten' }),
  ).toHaveCount(0);
  await expectNoAxeViolations(page);
});
