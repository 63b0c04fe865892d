import { expect, test, type APIRequestContext } from '@playwright/test';
import { settleCookieChoice } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';

/**
 * Sold prices on a demo home's page and its street's page, as a buyer finds them. The demo
 * seed gives some of its homes for sale a made-up history (labelled as demo data), so the first
 * such home among the earliest listings is used.
 */
async function demoHomeShowing(request: APIRequestContext, heading: string) {
  for (let id = 1; id <= 40; id += 1) {
    const response = await request.get(`/property/${id}`);
    if (response.ok() && (await response.text()).includes(heading)) return response.url();
  }
  throw new Error(`No demo home shows '${heading}' among the first 40 listings`);
}

test('a home for sale shows its own sold history, nearby sales and a street page', async ({
  page,
  request,
}) => {
  const url = await demoHomeShowing(request, 'Sold history for this home');
  await page.goto(url);
  await settleCookieChoice(page);
  const section = page.getByRole('region', { name: 'Sold prices' });
  await expect(section.getByRole('heading', { name: 'Sold history for this home' })).toBeVisible();
  const history = section.getByRole('table');
  await expect(history.getByRole('row')).not.toHaveCount(1);
  await expect(history).toContainText('£');
  await expect(section.getByRole('heading', { name: 'Recently sold nearby' })).toBeVisible();
  await expect(section).toContainText('Demo data');
  await expect(section).toContainText('Contains HM Land Registry data © Crown copyright');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }

  await section.getByRole('link', { name: 'All sold prices in this street' }).click();
  await expect(page).toHaveURL(/\/sold-prices\/[a-z0-9]+\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sold prices in');
  await expect(page.getByRole('listitem').filter({ hasText: '£' }).first()).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }

  await page.getByRole('link', { name: 'About our data sources' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data sources');
  await expect(page.getByRole('heading', { name: 'Sold prices' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a street with no recorded sales answers 404 with a way on', async ({ page }) => {
  const response = await page.goto('/sold-prices/ls6/no-such-street-anywhere');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No sold prices found');
  await expect(page.getByRole('link', { name: 'Search homes for sale' })).toBeVisible();
});

test('a relisted home shows its earlier listing on Roost, with its prices and how it ended', async ({
  page,
  request,
}) => {
  await page.goto(await demoHomeShowing(request, 'This home on Roost before'));
  await settleCookieChoice(page);
  const section = page.getByRole('region', { name: 'This home on Roost before' });
  const row = section.getByRole('row').nth(1);
  await expect(row).toContainText('Withdrawn');
  await expect(row.getByRole('cell').nth(1)).toContainText('£');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
});
