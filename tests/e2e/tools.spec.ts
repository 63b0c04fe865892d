import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';

/**
 * The tools UK home-hunters expect: the stamp duty and mortgage calculators (on their own pages
 * and on a sale listing, with the listing's nation) and the rent affordability hint on a let.
 * Screenshots at 390 px and 1280 px go to test-results/screenshots.
 */
const SCREENSHOTS = path.resolve('test-results', 'screenshots');

async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
    // No sideways scrolling at either width.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function firstListing(page: Page, searchPath: string) {
  await page.goto(searchPath);
  const link = page.locator('a[href^="/property/"]:not([href="/property/new"])').first();
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  await page.goto(href!);
}

test('the stamp duty calculator works out SDLT, LBTT and LTT as the visitor types', async ({
  page,
}) => {
  await page.goto('/tools/stamp-duty');
  const total = page.locator('.calculator__total strong');
  await page.getByLabel('Price').fill('£295,000');
  await expect(total).toHaveText('£4,750');
  await page.getByLabel('First-time buyer').check();
  await expect(total).toHaveText('£0');
  await page.getByLabel(/additional home/).check();
  await page.getByLabel('Price').fill('300k');
  await expect(total).toHaveText('£20,000');
  await page.getByLabel('Where is the home?').selectOption('Scotland');
  await expect(total).toHaveText('£28,600');
  await expect(page.getByRole('row', { name: /Additional Dwelling Supplement/ })).toBeVisible();
  await page.getByLabel('Where is the home?').selectOption('Wales');
  await expect(total).toHaveText('£19,950');
  await expect(page.getByRole('link', { name: /Welsh Revenue Authority/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'tools-stamp-duty');

  // Without the page's script, the form's query answers on the server.
  await page.goto('/tools/stamp-duty?price=300000&nation=Scotland&sd-buyer=first_time');
  await expect(total).toHaveText('£4,000');
});

test('the mortgage calculator shows repayment and interest-only payments', async ({ page }) => {
  await page.goto('/tools/mortgage');
  await page.getByLabel('Price').fill('250,000');
  await page.getByLabel('Deposit').fill('50,000');
  await page.getByLabel('Term (years)').fill('25');
  await page.getByLabel('Interest rate (% a year)').fill('5');
  const total = page.locator('.calculator__total strong');
  await expect(total).toHaveText('£1,169.18');
  await page.getByLabel('Interest only').check();
  await expect(total).toHaveText('£833.33');
  await page.getByLabel('Term (years)').fill('99');
  await expect(page.getByText('Enter a term from 1 to 40 years')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'tools-mortgage');
});

test('a sale listing works out the tax of its own nation; a let shows the income referencing asks', async ({
  page,
}) => {
  await firstListing(page, '/search/for-sale/edinburgh');
  const costs = page.getByRole('region', { name: 'Buying costs' });
  await expect(
    costs.getByRole('heading', { name: 'Land and Buildings Transaction Tax' }),
  ).toBeVisible();
  await expect(costs.getByText('This home is in Scotland.')).toBeVisible();
  await expect(costs.getByRole('heading', { name: 'Mortgage payments' })).toBeVisible();
  await expect(costs.locator('.calculator__total strong').nth(1)).toHaveText(/^£[\d,]+\.\d\d$/);
  // The EPC as the coloured A–G chart, said in words for screen readers.
  await expect(
    page.getByRole('region', { name: 'Energy performance (EPC)' }).locator('figcaption'),
  ).toHaveText(/^Current energy rating [B-E], potential [A-D]\.$/);
  await expectNoAxeViolations(page, ['.leaflet-container']);

  // The lister's public profile, linked from the listing: no contact details.
  await page.getByRole('link', { name: 'Roost demo homes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Roost demo homes' })).toBeVisible();
  await expect(page.getByText('Member since')).toBeVisible();
  await expect(page.locator('.listing-card').first()).toBeVisible();
  await expect(page.locator('main')).not.toContainText('@');
  await expectNoAxeViolations(page);

  await firstListing(page, '/search/for-rent/cardiff');
  const hint = page.getByRole('region', { name: 'Can I afford it?' });
  await expect(hint).toContainText('30 times the monthly rent');
  await hint.getByLabel(/yearly income/).fill('£1,000');
  await expect(hint).toContainText('under the usual 30× rule');
  await hint.getByLabel(/yearly income/).fill('£1m');
  await expect(hint).toContainText('meets the usual 30× rule');
});
