import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';

test.describe('server-rendered pages', () => {
  test.use({ javaScriptEnabled: false });

  test('home shows seeded listings with prices before any script runs', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Find your next home');
    const cards = page.locator('.listing-card');
    await expect(cards).toHaveCount(12);
    await expect(cards.first().locator('.listing-card__price')).toContainText('£');
  });

  test('for-sale search lists 24 homes a page with working pagination links', async ({ page }) => {
    await page.goto('/search/for-sale/');
    await expect(page.locator('.listing-card')).toHaveCount(24);
    await expect(page.getByRole('status')).toContainText(/homes for sale · page 1 of \d+/);
    const firstLink = page.locator('.listing-card__title a').first();
    const firstHref = await firstLink.getAttribute('href');
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.getByRole('status')).toContainText('page 2 of');
    await expect(firstLink).not.toHaveAttribute('href', firstHref!);
  });

  test('a listing opens at its canonical address with photos served by the loader', async ({
    page,
  }) => {
    await page.goto('/search/for-rent/');
    const first = page.locator('.listing-card__title a').first();
    const title = (await first.textContent())!;
    await first.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveURL(/\/property\/\d+\/[a-z0-9-]+-to-rent-[a-z-]+$/);
    await expect(page.getByText(/£[\d,]+ pcm|£[\d,]+ pw/).first()).toBeVisible();
    const cover = page.locator('.property__gallery img').first();
    await expect(cover).toHaveJSProperty('complete', true);
    expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('an unknown page answers 404 with a way home', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test('pages hydrate without console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/search/for-sale/');
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(page.getByRole('status')).toContainText('page 2 of');
  expect(errors).toEqual([]);
});

for (const path of ['/', '/search/for-sale/', '/search/for-rent/']) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expectNoAxeViolations(page);
  });
}
