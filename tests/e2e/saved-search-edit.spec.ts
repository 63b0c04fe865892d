import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { uniqueEmail } from './support/accounts';
import { createUserWithSdk } from './support/identity-admin';
import { signInAs } from './support/sign-in';

test('a saved search is edited: its filters on the search page, its name and e-mails in place', async ({
  page,
  baseURL,
}) => {
  const person = { email: uniqueEmail('search-editor'), name: 'Eddie Editor' };
  await createUserWithSdk(baseURL!, person);
  await signInAs(page, person);

  await page.goto('/search/for-sale/leeds?radius=10');
  await page.getByText('Save this search and get e-mail alerts').click();
  await page.getByLabel('Name').fill('Leeds homes');
  await page.getByLabel('E-mail me').selectOption('weekly');
  await page.getByRole('button', { name: 'Save search' }).click();
  await expect(page.getByText('Saved “Leeds homes”')).toBeVisible();

  // 'Edit' opens the search page with its criteria, which stay in edit as the filters change.
  await page.goto('/saved-searches');
  await page.getByRole('link', { name: 'Edit the filters of Leeds homes' }).click();
  const banner = page.getByRole('region', { name: 'Editing saved search' });
  await expect(banner).toContainText('Editing saved search “Leeds homes”');
  await expect(page.getByLabel('Search radius')).toHaveValue('10');
  await page.getByLabel('Min bedrooms').selectOption('3');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\/for-sale\/leeds\?radius=10&minBeds=3&savedSearch=\d+$/);
  await expect(banner).toBeVisible();
  await expectNoAxeViolations(page);
  await banner.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/saved-searches\?updated=\d+$/);
  await expect(page.getByRole('status')).toHaveText('Saved your changes to “Leeds homes”.');

  // The name and the e-mails change in place; a blank name is refused with a message.
  const item = page
    .locator('.saved-list li')
    .filter({ has: page.getByRole('link', { name: 'Leeds homes', exact: true }) });
  await item.getByText('Rename or change e-mails').click();
  await item.getByLabel('Name').fill('   ');
  await item.getByRole('button', { name: 'Save changes to Leeds homes' }).click();
  await expect(item.getByText('Give your search a name')).toBeVisible();
  await item.getByLabel('Name').fill('Leeds, three beds');
  await item.getByLabel('E-mail me').selectOption('daily');
  await item.getByRole('button', { name: 'Save changes to Leeds homes' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved your changes to “Leeds, three beds”.');
  const link = page.getByRole('link', { name: 'Leeds, three beds', exact: true });
  await expect(page.locator('.saved-list li').filter({ has: link })).toContainText('Daily');
  await expectNoAxeViolations(page);

  // Its own link reopens it, with the changed filters.
  await link.click();
  await expect(page).toHaveURL(/\/search\/for-sale\/leeds\?radius=10&minBeds=3$/);
  await expect(page.getByLabel('Min bedrooms')).toHaveValue('3');
});
