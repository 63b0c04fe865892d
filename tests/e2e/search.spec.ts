import { expect, test } from '@playwright/test';

function pounds(text: string): number {
  return Number(/£([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? Number.NaN);
}

test('search a town with filters, open a listing and come back to the same place', async ({
  page,
}) => {
  await page.goto('/search/for-sale/');
  await page.getByLabel('Town, city or postcode').fill('Leeds');
  await page.getByLabel('Search radius').selectOption('40');
  await page.getByLabel('Min bedrooms').selectOption('2');
  await page.getByLabel('Max price').selectOption('400000');
  await page.getByLabel('Sort by').selectOption('price-asc');
  await page.getByRole('button', { name: 'Search' }).click();

  // The town gets its canonical address; every filter stays in the URL.
  await expect(page).toHaveURL(
    /\/search\/for-sale\/leeds\?radius=40&maxPrice=400000&minBeds=2&sort=price-asc$/,
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Property for sale in Leeds');
  const prices = (await page.locator('.listing-card__price strong').allTextContents()).map(pounds);
  expect(prices.length).toBeGreaterThan(1);
  expect(prices.every((price) => price <= 400_000)).toBe(true);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  for (const facts of await page.locator('.listing-card__facts').allTextContents()) {
    expect(Number(/(\d+) beds?/.exec(facts)?.[1])).toBeGreaterThanOrEqual(2);
  }

  const resultsUrl = page.url();
  const cards = page.locator('.listing-card__title a');
  const target = cards.nth(Math.min(5, (await cards.count()) - 1));
  await target.scrollIntoViewIfNeeded();
  const scrollBefore = await page.evaluate(() => window.scrollY);
  const title = (await target.textContent())!;
  await target.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await page.goBack();
  await expect(page).toHaveURL(resultsUrl);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrollBefore - 50);
});

test('a misspelt place is explained with suggestions, never an empty page', async ({ page }) => {
  await page.goto('/search/for-rent/?location=Lebds');
  await expect(page.getByRole('alert')).toContainText('We couldn’t find "Lebds"'.replace('’', "'"));
  await page.getByRole('link', { name: 'Leeds', exact: true }).click();
  await expect(page).toHaveURL(/\/search\/for-rent\/leeds$/);
});

test('nonsense in the URL gives a normal page with notices', async ({ page }) => {
  const response = await page.goto(
    `/search/for-sale/?minPrice=abc&radius=-5&keywords=${'x'.repeat(10_000)}&sort=%27%3B--`,
  );
  expect(response?.status()).toBe(200);
  const notices = page.locator('.notice li');
  await expect(notices).toHaveCount(4);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Property for sale');
});

test('an empty search offers to widen the radius', async ({ page }) => {
  await page.goto('/search/for-sale/leeds?minPrice=2000000');
  await expect(page.getByRole('heading', { name: 'No homes match your search' })).toBeVisible();
  await page.getByRole('link', { name: 'Remove filters' }).click();
  await expect(page).toHaveURL(/\/search\/for-sale\/leeds$/);
  await expect(page.locator('.listing-card').first()).toBeVisible();
});
